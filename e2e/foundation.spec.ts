import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { signInOnDemoIssuer, subscribeInDemo, toast, uniqueEmail } from './support.js';

test('landing -> sign in -> create organization -> dashboard -> reload -> logout', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Passwatch Automation' })).toBeVisible();
  await expect(page.getByText('Demo mode')).toBeVisible();
  for (const feature of ['Secure Integration', 'Automated Monitoring', 'Custom Emails', 'Group Filtering']) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Why Choose Our Solution?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Get Started?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up Now' })).toBeVisible();

  await page.getByRole('button', { name: 'Get Started' }).click();
  await signInOnDemoIssuer(page, uniqueEmail('founder'), 'Fiona Founder');

  await expect(page.getByRole('heading', { name: 'No Organizations Yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Organization' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Organization' });
  await expect(dialog).toBeVisible();

  // Empty input: both messages, nothing created.
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await expect(dialog.getByText('Domain is required')).toBeVisible();
  // Invalid domain.
  await dialog.getByLabel('Company Name').fill('Contoso Ltd');
  await dialog.getByLabel('Domain').fill('not a domain');
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(dialog.getByText('Please enter a valid domain')).toBeVisible();
  const tenantsBefore = await page.request.get('/api/tenants');
  expect(await tenantsBefore.json()).toEqual([]);

  await dialog.getByLabel('Domain').fill('contoso.com');
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(toast(page, 'Company created successfully')).toBeVisible();

  // The new organization is selected; without a subscription the dashboard sends it to /subscription.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { name: 'No Subscription' })).toBeVisible();
  await subscribeInDemo(page);
  await expect(page.getByRole('tab', { name: 'Help & Documentation' })).toBeVisible();
  await expect(page.getByText('Contoso Ltd').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Contoso Ltd').first()).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Passwatch Automation' })).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
