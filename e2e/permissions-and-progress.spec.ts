import { expect, type Page } from '@playwright/test';
import { DEMO_APP_WITHOUT_MAIL_SEND } from '../src/simulators/graph/demo-credentials.js';
import { test } from './csp-guard.js';
import { configureDemoTenant, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// The demo tenant's second app registration was consented without Mail.Send: it reads the
// directory but cannot send a single reminder. Test Connection, the header badge and the Setup
// Guide must all say so by name, and Run Now must show its progress and end with what it sent.

/** The demo tenant saved as usual, then switched to the app registration without Mail.Send. */
async function configureAppWithoutMailSend(page: Page): Promise<void> {
  await configureDemoTenant(page);
  const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string }[];
  const headers = { 'x-tenant-id': organization!.id };
  const { configured, hasClientSecret, clientSecretUpdatedAt, updatedAt, ...saved } = await (await page.request.get('/api/configuration', { headers })).json();
  const { directoryId, applicationId, clientSecret } = DEMO_APP_WITHOUT_MAIL_SEND;
  const switched = await page.request.put('/api/configuration', {
    headers,
    data: { ...saved, tenantId: directoryId, azureDirectoryId: directoryId, applicationId, clientSecret },
  });
  expect(switched.ok(), await switched.text()).toBe(true);
}

test('an app without Mail.Send: Test Connection, the badge and the Setup Guide name it; Run Now shows its progress and what failed', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('permissions'), name: 'Pat Permissions' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureAppWithoutMailSend(page);
  await page.reload();

  // Signing in works, but the connection cannot do its job: the test fails and says why.
  await page.getByRole('tab', { name: 'Testing' }).click();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(toast(page, 'Connection test failed')).toBeVisible();
  await expect(toast(page, /Missing permissions: Missing application permission Mail\.Send: add it under API permissions/)).toBeVisible();

  // The header badge agrees, with the same reason.
  const header = page.getByRole('navigation', { name: 'Main' });
  const badge = header.locator('span[tabindex="0"]').filter({ hasText: 'Connection Issues' });
  await expect(badge).toBeVisible();
  await badge.focus();
  await expect(page.getByRole('tooltip')).toContainText('Missing application permission Mail.Send');

  // The Setup Guide's permission step marks each permission of the app.
  await page.getByRole('button', { name: 'Setup Guide' }).click();
  const wizard = page.getByRole('dialog', { name: 'Setup Guide' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('heading', { name: 'Step 2 of 4: Grant API permissions' })).toBeVisible();
  await expect(wizard.getByRole('status')).toHaveText(/missing Mail\.Send/);
  const row = (permission: string) => wizard.getByRole('row').filter({ has: page.getByRole('cell', { name: permission, exact: true }) });
  await expect(row('Mail.Send').getByText('Missing', { exact: true })).toBeVisible();
  await expect(row('User.Read.All').getByText('Granted', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Run Now: the progress line counts as the check goes and ends with its summary; nothing was sent.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  const progress = page.getByRole('status', { name: 'Run progress' });
  await expect(progress).toContainText(/\d+ users read · \d+ reminders queued/);
  await expect(progress).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  await expect(progress).toContainText('Password check finished');
  await expect(progress).toContainText(/Checked \d+ users/);
  await expect(progress).toContainText(/ · 0 sent · [1-9]\d* failed/);
});
