/**
 * Drives the simulator's sign-in page over HTTP the way a browser would: loads the page for an
 * authorization URL, fills Email and Name, submits, and returns where the issuer redirects to.
 * Usable by any test that needs a signed-in browser without a real browser.
 */
export async function signInThroughForm(authorizationUrl: string | URL, user: { email: string; name?: string }): Promise<URL> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`Sign-in page answered ${page.status}: ${html}`);
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('The sign-in page has no form.');

  const form = new URLSearchParams(readHiddenFields(html));
  form.set('email', user.email);
  form.set('name', user.name ?? '');
  const submitted = await fetch(new URL(unescapeHtml(action), authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location) {
    throw new Error(`Sign-in form answered ${submitted.status}: ${await submitted.text()}`);
  }
  return new URL(location);
}

function readHiddenFields(html: string): Array<[string, string]> {
  return [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((match) => [
    unescapeHtml(match[1] ?? ''),
    unescapeHtml(match[2] ?? ''),
  ]);
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
