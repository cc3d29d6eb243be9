import { expect, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, pickOption, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// What the pages say must match what the app does: actions that cannot work yet are disabled with
// the reason, times carry their zone, save errors name the field, subscription texts match access,
// and account deletion needs the typed DELETE.

const paypalControl = `http://127.0.0.1:${process.env.DEMO_PAYPAL_PORT ?? '3103'}/_control`;

async function organizationOf(page: Page): Promise<{ id: string; paypalSubscriptionId: string | null }> {
  const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string; paypalSubscriptionId: string | null }[];
  if (!organization) throw new Error('the journey needs an organization');
  return organization;
}

/** Acts on the organization's subscription at PayPal, then lets its webhooks reach the app. */
async function atPayPal(page: Page, action: 'fail-payment' | 'expire'): Promise<void> {
  const { paypalSubscriptionId } = await organizationOf(page);
  expect((await page.request.post(`${paypalControl}/subscriptions/${paypalSubscriptionId}/${action}`)).ok()).toBe(true);
  expect((await page.request.post(`${paypalControl}/webhooks/settle`)).ok()).toBe(true);
}

test.describe('the dashboard of an organization in New York, seen from Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('before the first save: actions disabled with a reason; then zoned times, a save error that leads to its field, and a group added alone', async ({
    page,
  }) => {
    await signUpWithOrganization(page, { email: uniqueEmail('honest'), name: 'Hana Honest' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
    await subscribeInDemo(page);

    // Nothing saved yet: the quick actions would all fail, so they are disabled and say why.
    const quickActions = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Quick Actions' }) });
    for (const name of ['Test Configuration', 'Run Now', 'Save Configuration']) {
      await expect(quickActions.getByRole('button', { name })).toBeDisabled();
    }
    await expect(quickActions.getByText('work on a saved configuration: fill in the Configuration tab and save it there first')).toBeVisible();
    await expect(page.getByText('No password check has run yet.')).toBeVisible();
    await expect(page.getByText('No users with expiring passwords.')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect(page.getByRole('button', { name: 'Test Configuration' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Configuration' })).toBeEnabled();
    await expect(page.getByText('Not saved yet. Test Configuration works once the configuration is saved.')).toBeVisible();

    // Saved (time zone America/New_York): enabled, and every time is New York's, labelled.
    await configureDemoTenant(page);
    await page.reload();
    for (const name of ['Test Configuration', 'Run Now', 'Save Configuration']) {
      await expect(quickActions.getByRole('button', { name })).toBeEnabled();
    }
    await expect(quickActions.getByText('work on a saved configuration')).toHaveCount(0);
    const nextCheck = page.getByRole('region', { name: 'Statistics' }).getByText(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} [AP]M/);
    // The check runs at 08:00 in New York (not at 08:00 in Tokyo, the browser's zone).
    await expect(nextCheck).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}, 8:00 AM E[SD]T$/);
    const automation = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Automation Status' }) });
    await expect(automation.getByText(/^\d{1,2}\/\d{1,2}\/\d{4}, 8:00 AM E[SD]T$/)).toBeVisible();
    const recentActivity = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Recent Activity' }) });
    await expect(recentActivity.locator('time').first()).toHaveText(/ E[SD]T$/);

    // An invalid field on the Configuration tab: Save on the Overview names it and leads there.
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByLabel('From Email').fill('not-an-email');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await quickActions.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Failed to save configuration: Valid email address is required.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('From Email')).toBeFocused();

    // A group added with another unsaved edit pending saves the group only; the edit stays unsaved.
    const savedFrom = (
      (await (await page.request.get('/api/configuration', { headers: { 'x-tenant-id': (await organizationOf(page)).id } })).json()) as { fromEmail: string }
    ).fromEmail;
    await page.getByLabel('From Email').fill('helpdesk@contoso.com');
    await pickOption(page, 'Include groups', 'Password Reminder Pilot');
    await expect(toast(page, 'Configuration saved successfully')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen include groups' }).getByText('Password Reminder Pilot', { exact: true })).toBeVisible();
    const stored = (await (await page.request.get('/api/configuration', { headers: { 'x-tenant-id': (await organizationOf(page)).id } })).json()) as {
      fromEmail: string;
      includeGroups: string[];
    };
    expect(stored.includeGroups).toHaveLength(1);
    expect(stored.fromEmail).toBe(savedFrom);
    await expect(page.getByLabel('From Email')).toHaveValue('helpdesk@contoso.com');
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  });
});

test('a past-due subscription offers a new payment method, not a second plan; an expired one says access has ended', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('pastdue'), name: 'Paul Pastdue' }, { name: 'Fabrikam', domain: 'fabrikam.com' });
  await subscribeInDemo(page);

  await atPayPal(page, 'fail-payment');
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Payment Past Due' })).toBeVisible();
  await expect(page.getByText(/keeps retrying it/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Payment Method' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Select Plan' })).toHaveCount(0);
  // Nor can a second one be bought behind the page's back.
  const second = await page.request.post('/api/paypal/create-subscription', {
    headers: { 'x-tenant-id': (await organizationOf(page)).id },
    data: { planType: 'yearly' },
  });
  expect(second.status()).toBe(409);
  expect((await second.json()).message).toBe('A payment of this subscription is past due: update the payment method instead of buying a second plan');

  // Ended at PayPal before its paid period was over: no access, and no date promising any.
  await atPayPal(page, 'expire');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Canceled' })).toBeVisible();
  await expect(page.getByText('The subscription has been cancelled and access has ended.', { exact: false })).toBeVisible();
  await expect(page.getByText('Access ends')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/subscription$/);
});

test('account deletion waits for the typed DELETE', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('leaver'), name: 'Lee Leaver' }, { name: 'Woodgrove', domain: 'woodgrove.com' });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete Account' });
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByText('Delete Account stays disabled until DELETE is typed in capitals.')).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm).toBeDisabled();
  // The server refuses an unconfirmed deletion too.
  const unconfirmed = await page.request.delete('/api/account');
  expect(unconfirmed.status()).toBe(400);
  expect((await page.request.get('/api/auth/user')).ok()).toBe(true);

  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  // Deleted and signed out: the browser is sent to sign in again.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
