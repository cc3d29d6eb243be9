import { expect } from '@playwright/test';
import { CERTIFIED_ACCOUNT, CERTIFIED_APP_URL } from './certified-server.js';
import { test } from './csp-guard.js';

// The app outside demo mode against panva's certified oidc-provider, which (as OpenID Connect
// Core asks) hands out email and names only through UserInfo.
test('sign in through a certified OpenID Provider -> profile from UserInfo -> operator admin, audited -> logout back to the app', async ({ page }) => {
  await page.goto(`${CERTIFIED_APP_URL}/`);
  await expect(page.getByText('Demo mode')).toHaveCount(0);
  await page.getByRole('button', { name: 'Get Started' }).click();

  // oidc-provider's development sign-in page (any password), then its consent page.
  await page.getByPlaceholder('Enter any login').fill(CERTIFIED_ACCOUNT.login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'No Organizations Yet' })).toBeVisible();
  const me = await page.request.get(`${CERTIFIED_APP_URL}/api/auth/user`);
  expect(await me.json()).toMatchObject({ email: CERTIFIED_ACCOUNT.claims.email, firstName: 'Olive', lastName: 'Operator', isAdmin: true });

  // A verified ADMIN_EMAILS address: the Admin Dashboard opens, and lists this sign-in.
  await page.goto(`${CERTIFIED_APP_URL}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const audit = page.getByRole('table').filter({ hasText: 'Admin sign-in' });
  await expect(audit.getByRole('row').filter({ hasText: CERTIFIED_ACCOUNT.claims.email }).first()).toBeVisible();

  // Logout ends the session at the provider too, which sends the browser back to $APP_URL/.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${CERTIFIED_APP_URL}/`);
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  expect((await page.request.get(`${CERTIFIED_APP_URL}/api/auth/user`)).status()).toBe(401);
});
