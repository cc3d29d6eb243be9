import { expect } from '@playwright/test';
import { test } from './csp-guard.js';

test('the built app: a fresh CSP nonce per load, bundles without source maps', async ({ page, request }) => {
  const first = await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  const policy = first!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  // The nonce attribute is hidden from the DOM after parsing; the property keeps it.
  const nonce = await page.evaluate<string>(`document.querySelector('meta[property="csp-nonce"]').nonce`);
  expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  expect(policy).toContain(`'nonce-${nonce}'`);
  const second = await page.reload();
  expect(second!.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);

  const html = await (await request.get('/')).text();
  const bundles = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map(([, src]) => src!);
  expect(bundles.length).toBeGreaterThan(0);
  for (const bundle of bundles) {
    expect(await (await request.get(bundle)).text()).not.toContain('sourceMappingURL');
    expect((await request.get(`${bundle}.map`)).status()).toBe(404);
  }
});

test('a <style> element without the nonce is refused, and Chromium reports it (what the guard on every journey listens for)', async ({ browser }) => {
  // A page of its own: this one breaks the policy on purpose, which the guard would fail.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await page.evaluate(`document.head.append(Object.assign(document.createElement('style'), { textContent: 'body { background-color: rgb(255, 0, 0); }' }))`);
  await expect.poll(() => errors.some((error) => error.includes('Content Security Policy'))).toBe(true);
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgb(255, 0, 0)');
  await context.close();
});
