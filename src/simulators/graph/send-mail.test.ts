import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_APP_WITHOUT_MAIL_SEND, DEMO_GRAPH_CREDENTIALS } from './demo-credentials.js';
import type { SentMessage } from './state.js';
import { accessToken, graph, graphError, ManualClock, putControl, sendMailBody, startSimulator, type RunningSimulator } from './test-support.js';

const clock = new ManualClock();
let running: RunningSimulator;
let baseUrl: string;
let token: string;
const sendAs = (sender: string, body: unknown, bearer = token) =>
  graph(baseUrl, bearer, `/users/${encodeURIComponent(sender)}/sendMail`, { method: 'POST', body });
/** The MIME form: `Content-Type: text/plain`, the message base64-encoded. */
const sendMimeAs = (sender: string, body: string, bearer = token) =>
  fetch(`${baseUrl}/v1.0/users/${encodeURIComponent(sender)}/sendMail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'text/plain' },
    body,
  });
const base64 = (mime: string) => Buffer.from(mime, 'utf8').toString('base64');
/** A multipart/alternative message as a mail client writes it. */
function alternativeMessage({
  from = 'passwatch@contoso.com',
  to = 'adele.vance@contoso.com',
  subject = 'Expires in 5 days',
  text = 'Hi Adele',
  html = '<p>Hi <b>Adele</b></p>',
} = {}) {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="=_part"',
    '',
    '--=_part',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    text,
    '--=_part',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(html),
    '--=_part--',
    '',
  ].join('\r\n');
}
const sentMail = async (query = '') => ((await (await fetch(`${baseUrl}/_control/mail${query}`)).json()) as { value: SentMessage[] }).value;

beforeAll(async () => {
  running = await startSimulator({ clock: clock.now });
  baseUrl = running.baseUrl;
});
beforeEach(async () => {
  running.simulator.reset();
  token = await accessToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
});
afterAll(() => running.simulator.close());

describe('sendMail', () => {
  it('answers 202 with no body and records the message', async () => {
    const response = await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['adele.vance@contoso.com'], 'Expires in 5 days', '<p>Hi <b>Adele</b></p>'));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    const [message] = await sentMail();
    expect(message).toMatchObject({
      from: 'passwatch@contoso.com',
      to: ['adele.vance@contoso.com'],
      subject: 'Expires in 5 days',
      contentType: 'HTML',
      content: '<p>Hi <b>Adele</b></p>',
      saveToSentItems: false,
      receivedAt: clock.now().toISOString(),
      tenantId: DEMO_GRAPH_CREDENTIALS.directoryId,
    });
  });

  it('accepts the sender by object id too, and filters recorded mail by recipient and sender', async () => {
    const contoso = running.simulator.state.tenants.get(DEMO_GRAPH_CREDENTIALS.directoryId);
    const senderId = contoso?.findUser(DEMO_GRAPH_CREDENTIALS.fromEmail)?.id as string;
    expect((await sendAs(senderId, sendMailBody(['alex.wilber@contoso.com']))).status).toBe(202);
    expect((await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['lee.gu@contoso.com']))).status).toBe(202);
    expect((await sentMail('?to=ALEX.WILBER@contoso.com')).map((message) => message.to)).toEqual([['alex.wilber@contoso.com']]);
    expect(await sentMail('?from=passwatch@contoso.com')).toHaveLength(2);
    expect(await sentMail('?from=someone@contoso.com')).toHaveLength(0);
    expect((await fetch(`${baseUrl}/_control/mail`, { method: 'DELETE' })).status).toBe(204);
    expect(await sentMail()).toHaveLength(0);
  });

  it('answers 404 MailboxNotEnabledForRESTAPI for a sender without a mailbox, ErrorInvalidUser for an unknown one', async () => {
    const noMailbox = await sendAs(DEMO_GRAPH_CREDENTIALS.noMailboxEmail, sendMailBody(['adele.vance@contoso.com']));
    expect(noMailbox.status).toBe(404);
    expect((await graphError(noMailbox)).code).toBe('MailboxNotEnabledForRESTAPI');
    const unknown = await sendAs('ghost@contoso.com', sendMailBody(['adele.vance@contoso.com']));
    expect(unknown.status).toBe(404);
    expect((await graphError(unknown)).code).toBe('ErrorInvalidUser');
    expect(await sentMail()).toHaveLength(0);
  });

  it('answers 403 ErrorAccessDenied to an app without Mail.Send', async () => {
    const withoutMailSend = await accessToken(baseUrl, DEMO_APP_WITHOUT_MAIL_SEND);
    const response = await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['adele.vance@contoso.com']), withoutMailSend);
    expect(response.status).toBe(403);
    expect(await graphError(response)).toMatchObject({ code: 'ErrorAccessDenied', message: 'Access is denied. Check credentials and try again.' });
  });

  it('answers the refusal the fault switch names, 403 with its Exchange code, and records nothing', async () => {
    for (const code of ['ErrorQuotaExceeded', 'ErrorSendAsDenied', 'ErrorMessageSubmissionBlocked'] as const) {
      expect((await putControl(baseUrl, 'faults', { sendMailRefusal: code })).status).toBe(200);
      const response = await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['adele.vance@contoso.com']));
      expect(response.status).toBe(403);
      expect((await graphError(response)).code).toBe(code);
    }
    await putControl(baseUrl, 'faults', { sendMailRefusal: null });
    expect((await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['adele.vance@contoso.com']))).status).toBe(202);
    expect(await sentMail()).toHaveLength(1);
  });

  it('validates the body like Exchange', async () => {
    const valid = sendMailBody(['adele.vance@contoso.com']);
    const cases: { body: unknown; code: string }[] = [
      { body: { ...valid, message: { ...valid.message, toRecipients: [] } }, code: 'ErrorInvalidRecipients' },
      { body: sendMailBody(['not-an-address']), code: 'ErrorInvalidRecipients' },
      { body: { ...valid, message: { ...valid.message, toRecipient: valid.message.toRecipients } }, code: 'RequestBodyRead' },
      { body: { ...valid, message: { ...valid.message, body: { contentType: 'Markdown', content: '' } } }, code: 'RequestBodyRead' },
      { body: { ...valid, message: { ...valid.message, toRecipients: ['adele.vance@contoso.com'] } }, code: 'RequestBodyRead' },
      { body: { ...valid, saveToSentItems: 'false' }, code: 'RequestBodyRead' },
      { body: { saveToSentItems: false }, code: 'ErrorInvalidParameter' },
      { body: '{"message": ', code: 'BadRequest' },
    ];
    for (const { body, code } of cases) {
      const response = await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await graphError(response)).code, JSON.stringify(body)).toBe(code);
    }
    expect(await sentMail()).toHaveLength(0);
  });
});

describe('sendMail in MIME format', () => {
  it('answers 202, records both parts and the decoded subject, and keeps a copy in Sent Items', async () => {
    const mime = alternativeMessage({
      to: '"Vance, Adele" <adele.vance@contoso.com>, alex.wilber@contoso.com',
      subject: '=?UTF-8?B?UGFzc3dvcnQgbMOkdWZ0IGFi?=',
      text: 'Hallo Ren=C3=A9e,=\r\n noch 5 Tage.\r\nIhr IT-Team',
    });
    const response = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(mime));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    const [message] = await sentMail();
    expect(message).toMatchObject({
      from: 'passwatch@contoso.com',
      to: ['adele.vance@contoso.com', 'alex.wilber@contoso.com'],
      cc: [],
      subject: 'Passwort läuft ab',
      contentType: 'HTML',
      content: '<p>Hi <b>Adele</b></p>',
      textContent: 'Hallo Renée, noch 5 Tage.\nIhr IT-Team',
      saveToSentItems: true,
      tenantId: DEMO_GRAPH_CREDENTIALS.directoryId,
    });
  });

  it('records a JSON send without a text part', async () => {
    await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['adele.vance@contoso.com']));
    expect((await sentMail())[0]).toMatchObject({ contentType: 'HTML', textContent: null });
  });

  it('answers 400 ErrorMimeContentInvalidBase64String to a body that is not base64', async () => {
    for (const body of ['not base64!', alternativeMessage(), JSON.stringify(sendMailBody(['adele.vance@contoso.com']))]) {
      const response = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, body);
      expect(response.status).toBe(400);
      expect(await graphError(response)).toMatchObject({ code: 'ErrorMimeContentInvalidBase64String', message: 'Invalid base64 string for MIME content.' });
    }
    expect(await sentMail()).toHaveLength(0);
  });

  it('answers 400 ErrorMimeContentInvalid to base64 that is not a MIME message', async () => {
    const broken = alternativeMessage().replace('--=_part--', '--=_other--');
    for (const mime of [broken, 'just some words', '', alternativeMessage().replace('quoted-printable', 'x-unknown')]) {
      const response = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(mime));
      expect(response.status, mime.slice(0, 40)).toBe(400);
      expect(await graphError(response)).toMatchObject({ code: 'ErrorMimeContentInvalid', message: 'Invalid MIME content.' });
    }
    expect(await sentMail()).toHaveLength(0);
  });

  it('resolves recipients as the JSON form does: none or an invalid one is ErrorInvalidRecipients', async () => {
    const cases = [
      { to: 'Undisclosed recipients:;', detail: "A message can't be sent because it contains no recipients." },
      { to: 'Adele <not-an-address>', detail: "Recipient 'not-an-address' is not resolved." },
    ];
    for (const { to, detail } of cases) {
      const response = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(alternativeMessage({ to })));
      expect(response.status).toBe(400);
      const error = await graphError(response);
      expect(error.code).toBe('ErrorInvalidRecipients');
      expect(error.message).toContain(detail);
    }
  });

  it('refuses a From other than the sending mailbox with 403 ErrorSendAsDenied, and accepts its UPN in any case', async () => {
    const other = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(alternativeMessage({ from: 'ceo@contoso.com' })));
    expect(other.status).toBe(403);
    expect((await graphError(other)).code).toBe('ErrorSendAsDenied');
    const sameMailbox = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(alternativeMessage({ from: 'Passwatch <PASSWATCH@contoso.com>' })));
    expect(sameMailbox.status).toBe(202);
    expect(await sentMail()).toHaveLength(1);
  });

  it('applies the same permission, mailbox and limit rules as the JSON form', async () => {
    const withoutMailSend = await accessToken(baseUrl, DEMO_APP_WITHOUT_MAIL_SEND);
    const denied = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(alternativeMessage()), withoutMailSend);
    expect(denied.status).toBe(403);
    expect((await graphError(denied)).code).toBe('ErrorAccessDenied');
    const noMailbox = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.noMailboxEmail, base64(alternativeMessage({ from: DEMO_GRAPH_CREDENTIALS.noMailboxEmail })));
    expect((await graphError(noMailbox)).code).toBe('MailboxNotEnabledForRESTAPI');

    // JSON and MIME sends count against one per-minute limit of the mailbox.
    await putControl(baseUrl, 'settings', { mailMessagesPerMinute: 2 });
    expect((await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['a@contoso.com']))).status).toBe(202);
    expect((await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(alternativeMessage()))).status).toBe(202);
    const refused = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(alternativeMessage()));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await sentMail()).toHaveLength(2);
  });

  it('answers 413 to a body over 4 MB', async () => {
    const response = await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, 'A'.repeat(4 * 1024 * 1024 + 4));
    expect(response.status).toBe(413);
    expect(await sentMail()).toHaveLength(0);
  });
});

describe('sending limits', () => {
  it('answers 429 with Retry-After past the messages-per-minute limit of the mailbox', async () => {
    await putControl(baseUrl, 'settings', { mailMessagesPerMinute: 3 });
    for (let index = 0; index < 3; index++) {
      expect((await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody([`user${index}@contoso.com`]))).status).toBe(202);
      clock.advance(10_000);
    }
    const refused = await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['user3@contoso.com']));
    expect(refused.status).toBe(429);
    // The first message leaves the one-minute window 60 s after it was sent, 30 s from now.
    expect(refused.headers.get('retry-after')).toBe('30');
    clock.advance(30_000);
    expect((await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['user3@contoso.com']))).status).toBe(202);
    expect(await sentMail()).toHaveLength(4);
  });

  it('answers 429 ErrorSubmissionQuotaExceeded past the recipients per 24 hours', async () => {
    await putControl(baseUrl, 'settings', { mailRecipientsPer24Hours: 5 });
    const threeRecipients = sendMailBody(['a@contoso.com', 'b@contoso.com', 'c@contoso.com']);
    expect((await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, threeRecipients)).status).toBe(202);
    const refused = await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, threeRecipients);
    expect(refused.status).toBe(429);
    expect((await graphError(refused)).code).toBe('ErrorSubmissionQuotaExceeded');
    expect(refused.headers.get('retry-after')).toBe(String(24 * 3600));
  });

  it('allows 4 concurrent requests per mailbox: a 5th in flight answers 429 MailboxConcurrency', async () => {
    await putControl(baseUrl, 'faults', { latencyMs: 500 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody([`user${index}@contoso.com`]))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const throttled = responses.find((response) => response.status === 429) as Response;
    expect(await graphError(throttled)).toMatchObject({
      code: 'ApplicationThrottled',
      message: 'Application is over its MailboxConcurrency limit.',
    });
    // Slots are free again once the replies went out.
    expect((await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['late@contoso.com']))).status).toBe(202);
  });

  it('frees the slots of clients that hung up during the latency: the mailbox is not throttled forever', async () => {
    await putControl(baseUrl, 'faults', { latencyMs: 400 });
    const concurrent = running.simulator.state.mailLimits.concurrent;
    const hangUp = new AbortController();
    const abandoned = Array.from({ length: 4 }, (_, index) =>
      fetch(`${baseUrl}/v1.0/users/${encodeURIComponent(DEMO_GRAPH_CREDENTIALS.fromEmail)}/sendMail`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(sendMailBody([`gone${index}@contoso.com`])),
        signal: hangUp.signal,
      }).catch(() => 'aborted'),
    );
    // Every request holds its slot (it is in the simulated latency) when the clients hang up.
    while ([...concurrent.values()].reduce((sum, count) => sum + count, 0) < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    hangUp.abort();
    expect(await Promise.all(abandoned)).toEqual(['aborted', 'aborted', 'aborted', 'aborted']);
    // The latency runs out for the abandoned replies, then their connections close.
    for (let polls = 0; concurrent.size > 0 && polls < 200; polls += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(concurrent.size).toBe(0);
    await putControl(baseUrl, 'faults', { latencyMs: 0 });
    const after = await Promise.all(
      Array.from({ length: 4 }, (_, index) => sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody([`after${index}@contoso.com`]))),
    );
    expect(after.map((response) => response.status)).toEqual([202, 202, 202, 202]);
  });
});

describe('mailbox page', () => {
  it('lists sent mail newest first, escapes text and renders bodies in sandboxed iframes', async () => {
    await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['adele.vance@contoso.com'], 'First', '<p>one</p>'));
    clock.advance(1000);
    await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['conor.obrien@contoso.com'], "O'Brien <Test> & Co", '<p>"two" & <b>bold</b></p>'));
    for (const path of ['/mailbox', '/_control/mailbox']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('2 messages');
      expect(html.indexOf('O&#39;Brien &lt;Test&gt; &amp; Co')).toBeGreaterThan(-1);
      expect(html.indexOf('O&#39;Brien &lt;Test&gt; &amp; Co')).toBeLessThan(html.indexOf('>First<'));
      expect(html).toContain(
        '<iframe sandbox="" title="O&#39;Brien &lt;Test&gt; &amp; Co" srcdoc="&lt;p&gt;&quot;two&quot; &amp; &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;">',
      );
      expect(html).not.toContain('<b>bold</b>');
    }
    const filtered = await (await fetch(`${baseUrl}/mailbox?to=adele.vance@contoso.com`)).text();
    expect(filtered).toContain('1 message to adele.vance@contoso.com');
  });

  it('shows the plain-text part of a MIME message, escaped, and none for a JSON one', async () => {
    await sendAs(DEMO_GRAPH_CREDENTIALS.fromEmail, sendMailBody(['lee.gu@contoso.com'], 'JSON only'));
    await sendMimeAs(DEMO_GRAPH_CREDENTIALS.fromEmail, base64(alternativeMessage({ text: 'Hello <Adele> & co' })));
    const html = await (await fetch(`${baseUrl}/mailbox`)).text();
    expect(html).toContain('<details><summary>Plain-text part</summary><pre>Hello &lt;Adele&gt; &amp; co</pre></details>');
    expect(html.match(/Plain-text part/g)).toHaveLength(1);
  });
});
