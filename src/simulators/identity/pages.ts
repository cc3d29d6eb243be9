import type { AuthorizationRequest } from './authorization-request.js';
import { escapeHtml } from '../shared/html.js';

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: .5rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; }
  button { margin-top: 1.5rem; width: 100%; padding: .6rem; font-weight: 600; }
  .error { color: #b91c1c; }`;

function renderPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${content}
</main>
</body>
</html>
`;
}

const SIGN_IN_PAGE_TITLE = 'Passwatch demo sign-in';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address.';

export function renderSignInPage(request: AuthorizationRequest, form: { email: string; name: string; error?: string }): string {
  const hiddenFields = request.carriedParameters
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const error = form.error ? `<p class="error" role="alert">${escapeHtml(form.error)}</p>` : '';
  return renderPage(
    SIGN_IN_PAGE_TITLE,
    `<p>This is a simulated identity provider for development: any email address signs in, no password needed.</p>
${error}
<form method="post" action="/authorize">
${hiddenFields}
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(form.email)}">
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" value="${escapeHtml(form.name)}">
<button type="submit">Sign in</button>
</form>`,
  );
}

export function renderErrorPage(message: string): string {
  return renderPage('Sign-in error', `<p class="error" role="alert">${escapeHtml(message)}</p>`);
}

const SIGNED_OUT_PAGE_TITLE = 'You have been signed out';

export function renderSignedOutPage(): string {
  return renderPage(SIGNED_OUT_PAGE_TITLE, '<p>You can close this window.</p>');
}
