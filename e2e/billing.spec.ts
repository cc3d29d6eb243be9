import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { signInOnDemoIssuer, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

test('a new organization is sent to /subscription, pays with PayPal and reaches the dashboard', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('buyer'), name: 'Bea Buyer' }, { name: 'Northwind', domain: 'northwind.com' });

  // No subscription yet: the dashboard sends the organization to /subscription.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { name: 'No Subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Already Paid' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Need Help' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/subscription$/);

  // Selecting is a step of its own; Cancel steps back.
  const monthly = page.getByRole('region', { name: 'Monthly' });
  await monthly.getByRole('button', { name: 'Select Plan' }).click();
  await expect(monthly.getByRole('button', { name: 'Pay with PayPal' })).toBeFocused();
  await monthly.getByRole('button', { name: 'Cancel' }).click();
  await expect(monthly.getByRole('button', { name: 'Pay with PayPal' })).toHaveCount(0);

  await subscribeInDemo(page, 'Monthly');
  await expect(page).toHaveURL(/\/$/);

  // The subscription page now shows the active subscription and how to manage it.
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Active Subscription' })).toBeVisible();
  await expect(page.getByText('Renews on')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage Subscription' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monthly' })).toHaveCount(0);

  // Cancel at period end, then reactivate.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(toast(page, 'Subscription will be canceled at the end of the current period')).toBeVisible();
  await expect(page.getByText(/Your subscription is scheduled to cancel on \d{1,2}\/\d{1,2}\/\d{4}\. You can reactivate it before then\./)).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(toast(page, 'Subscription Reactivated')).toBeVisible();
  await expect(page.getByText(/scheduled to cancel/)).toHaveCount(0);
  await expect(page.getByText('Renews on')).toBeVisible();

  // Manual activation with the organization's PayPal subscription ID: toast, then the dashboard 2 s later.
  const [organization] = await (await page.request.get('/api/tenants')).json();
  expect(organization.paypalSubscriptionId).toMatch(/^I-/);
  await page.getByRole('link', { name: 'Manual Activation' }).first().click();
  await page.getByLabel('PayPal Subscription ID').fill(`  ${organization.paypalSubscriptionId}  `);
  await page.getByRole('button', { name: 'Activate Subscription' }).click();
  await expect(toast(page, 'Your subscription has been activated successfully!')).toBeVisible();
  const activatedAt = Date.now();
  await expect(page).toHaveURL(/\/$/);
  expect(Date.now() - activatedAt).toBeGreaterThan(1500);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
});

test('backing out on the PayPal page leads to Subscription Cancelled', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('hesitant'), name: 'Hal Hesitant' }, { name: 'Tailspin', domain: 'tailspin.com' });
  await expect(page).toHaveURL(/\/subscription$/);

  const yearly = page.getByRole('region', { name: 'Yearly' });
  await yearly.getByRole('button', { name: 'Select Plan' }).click();
  await yearly.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('heading', { name: 'Approve subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('heading', { name: 'Subscription Cancelled' })).toBeVisible();
  await expect(page.getByText('No charges were made.')).toBeVisible();
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('region', { name: 'Yearly' })).toBeVisible();
});

test('manual activation refuses an empty ID', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('manual'), name: 'Mia Manual' }, { name: 'Litware', domain: 'litware.com' });
  await page.getByRole('link', { name: 'Activate Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription\/activate$/);
  await page.getByLabel('PayPal Subscription ID').fill('   ');
  await page.getByRole('button', { name: 'Activate Subscription' }).click();
  await expect(toast(page, 'Please enter a PayPal subscription ID')).toBeVisible();
  await expect(page.getByLabel('PayPal Subscription ID')).toBeFocused();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('account profile edit with validation', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('profile'), name: 'Pat Profile' }, { name: 'Adatum', domain: 'adatum.com' });
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  for (const tab of ['Profile', 'Subscription', 'Billing', 'Notifications']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }

  const firstName = page.getByLabel('First Name');
  await firstName.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(firstName).toBeFocused();

  await firstName.fill('Patricia');
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Patricia');

  // A notification preference is saved for the user.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const systemUpdates = page.getByRole('switch', { name: 'System Updates' });
  await expect(systemUpdates).toHaveAttribute('aria-checked', 'false');
  await expect(systemUpdates).toBeEnabled();
  await systemUpdates.click();
  await expect(systemUpdates).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await (await page.request.get('/api/notification-preferences')).json()).systemUpdates).toBe(true);

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'No Subscription' })).toBeVisible();
});

test('the operator exports the users as CSV', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await signInOnDemoIssuer(page, 'operator@passwatch.test', 'Olive Operator');
  await expect(page.getByRole('heading', { name: 'No Organizations Yet' })).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total Users' })).toBeVisible();
  await expect(page.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill('OPERATOR@passwatch');
  await expect(page.getByRole('cell', { name: 'operator@passwatch.test' })).toBeVisible();
  await page.getByLabel('Search users').fill('no-such-user-anywhere');
  await expect(page.getByText('No users match your search.')).toBeVisible();

  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Users' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(toast(page, 'Export Successful')).toBeVisible();
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toContain('Email');
  expect(rows.some((row) => row.includes('operator@passwatch.test'))).toBe(true);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
