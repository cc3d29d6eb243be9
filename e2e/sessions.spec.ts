import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { signInOnDemoIssuer, signUpWithOrganization, uniqueEmail } from './support.js';

test('a link cannot sign anyone out; Sign out everywhere ends the sessions on every device', async ({ page, browser }) => {
  const email = uniqueEmail('sessions');
  await signUpWithOrganization(page, { email, name: 'Sam Sessions' }, { name: 'Sessions Ltd', domain: 'sessions.example' });

  // The same person on a second device.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto('/');
  await phonePage.getByRole('button', { name: 'Get Started' }).click();
  await signInOnDemoIssuer(phonePage, email, 'Sam Sessions');
  await expect(phonePage).not.toHaveURL(/\/authorize/);
  expect((await phonePage.request.get('/api/auth/user')).status()).toBe(200);

  // Opening the old logout address (as a link elsewhere would) signs nobody out.
  await page.goto('/api/logout');
  await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // While the dialog fades out, the page behind it is still hidden from the accessibility tree, so
  // the page's "Sign out everywhere" would resolve to the dialog's confirm button: wait it out.
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(dialog).toBeVisible();
  // The browser leaves through the issuer's logout page and comes back: wait for where it lands.
  // A real click() waits for its own navigation, which Playwright sometimes loses track of across
  // the two origins (the step then hangs on a page that has long loaded), so dispatch the click.
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).dispatchEvent('click');
  await expect(page.getByRole('heading', { name: 'Passwatch Automation' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect((await phonePage.request.get('/api/auth/user')).status()).toBe(401);
  await phone.close();
});
