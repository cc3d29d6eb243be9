// The simulated mailbox: an HTML page listing the mail the simulator accepted, newest first.
// Message bodies render in sandboxed iframes (no scripts, no same origin), so a template's HTML
// shows as a mail client would show it without being able to touch the page. A MIME message's
// plain-text part (what text-only mail clients show) is listed under its body.
import type { SentMessage } from './state.js';
import { escapeHtml } from '../shared/html.js';

/** What the page shows of a message; the SMTP sink's messages have the same shape. */
export type ListedMessage = Pick<SentMessage, 'from' | 'to' | 'cc' | 'subject' | 'contentType' | 'content' | 'textContent' | 'receivedAt'>;

const GRAPH_MAILBOX = { title: 'Simulated mailbox', description: 'Mail sent through the Microsoft Graph simulator. Nothing here left this machine.' };

export function renderMailboxPage(messages: readonly ListedMessage[], filterDescription: string | null, page = GRAPH_MAILBOX): string {
  const newestFirst = [...messages].reverse();
  const items = newestFirst.map(renderMessage).join('\n');
  const heading = `${messages.length} ${messages.length === 1 ? 'message' : 'messages'}${filterDescription ? ` ${escapeHtml(filterDescription)}` : ''}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1f2328; }
  header { background: #0f6cbd; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; opacity: .9; }
  main { max-width: 960px; margin: 24px auto; padding: 0 16px; }
  article { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; margin-bottom: 16px; overflow: hidden; }
  .meta { padding: 12px 16px; border-bottom: 1px solid #d0d7de; }
  .subject { font-weight: 600; font-size: 16px; margin: 0 0 6px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; font-size: 13px; }
  dt { color: #57606a; }
  dd { margin: 0; word-break: break-all; }
  iframe { width: 100%; height: 320px; border: 0; background: #fff; }
  .empty { text-align: center; color: #57606a; padding: 48px 0; }
  details { border-top: 1px solid #d0d7de; padding: 8px 16px; font-size: 13px; }
  summary { cursor: pointer; color: #57606a; }
  details pre { white-space: pre-wrap; font-family: ui-monospace, monospace; margin: 8px 0 0; }
</style>
</head>
<body>
<header>
  <h1>${escapeHtml(page.title)}</h1>
  <p>${escapeHtml(page.description)} <a href="" style="color:#fff">Refresh</a></p>
</header>
<main>
  <p>${heading}</p>
  ${items || '<p class="empty">No mail has been sent yet.</p>'}
</main>
</body>
</html>`;
}

function renderMessage(message: ListedMessage): string {
  const document =
    message.contentType === 'HTML' ? message.content : `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(message.content)}</pre>`;
  const recipients = (list: readonly string[]) => escapeHtml(list.join(', '));
  return `<article>
  <div class="meta">
    <p class="subject">${escapeHtml(message.subject || '(no subject)')}</p>
    <dl>
      <dt>From</dt><dd>${escapeHtml(message.from)}</dd>
      <dt>To</dt><dd>${recipients(message.to)}</dd>
      ${message.cc.length > 0 ? `<dt>Cc</dt><dd>${recipients(message.cc)}</dd>` : ''}
      <dt>Time</dt><dd><time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(message.receivedAt)}</time></dd>
    </dl>
  </div>
  <iframe sandbox="" title="${escapeHtml(message.subject)}" srcdoc="${escapeHtml(document)}"></iframe>
  ${message.textContent === null ? '' : `<details><summary>Plain-text part</summary><pre>${escapeHtml(message.textContent)}</pre></details>`}
</article>`;
}
