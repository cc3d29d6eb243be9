import { escapeHtml } from '../../shared/domain/escape-html.js';

/**
 * A browser lands on the callback (or opens the logout address) by navigation, so problems are a
 * small page, not JSON.
 */
export function renderSignInProblem(message: string, heading = 'Sign-in problem'): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} - Passwatch</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;max-width:440px}a{color:#2563eb}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1><p role="alert">${escapeHtml(message)}</p>
<p><a href="/api/login">Sign in again</a> &middot; <a href="/">Home</a></p></main></body></html>`;
}
