import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// Demo mode's simulated connector sends Contoso's CORP domain through the real connector API as
// soon as an organization is connected to Contoso. Christie Cline (synced, domain policy of 60
// days) then has the domain controller's date, 3 days away, and is reminded; Allan Deyoung is
// under the Admins PSO; Grant Steel comes from a forest no connector reads.

test('a newcomer sees the demo connector, its matched counts, and synced users with exact dates who are reminded', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('hybrid'), name: 'Hana Hybrid' }, { name: 'Contoso Hybrid', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  await page.getByRole('tab', { name: 'Configuration' }).click();
  const section = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'On-premises Active Directory' }) });
  const connectors = section.getByRole('table', { name: 'Connectors' });
  // The connector polls every 5 seconds; the list shows it once its first snapshot arrived.
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect(connectors.getByRole('row').filter({ hasText: 'corp.contoso.com' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();

  // The check matched the synced users: all of CORP's but svc-sql (AD only), and Grant Steel has no AD record.
  await page.reload();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  const corp = connectors.getByRole('row').filter({ hasText: 'corp.contoso.com' });
  // The tab's panel loads on first open: read the row once it is there.
  await expect(corp).toBeVisible();
  const cells = await corp.getByRole('cell').allTextContents();
  const [usersRead, matched, onlyInAd] = cells.slice(-4, -1).map((text) => Number(text.replaceAll(',', '')));
  expect(usersRead).toBeGreaterThan(10);
  expect(onlyInAd).toBe(1);
  expect(matched).toBe(usersRead! - 1);
  await expect(section.getByTestId('unmatched-graph-users')).toHaveText('Synced users in Microsoft Entra ID without an AD record: 1');

  // The users table: Christie's date is the domain controller's, 3 days away, under the on-premises domain policy.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const users = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Users with Expiring Passwords' }) });
  const christie = users.locator('tbody tr').filter({ hasText: 'christie.cline@contoso.com' });
  await expect(christie.getByRole('cell', { name: 'On-premises domain policy of corp.contoso.com (60 days)' })).toBeVisible();
  await expect(christie).toContainText('3 days');
  const allan = users.locator('tbody tr').filter({ hasText: 'allan.deyoung@contoso.com' });
  await expect(allan.getByRole('cell', { name: 'On-premises PSO "Admins PSO" (30 days)' })).toBeVisible();

  // ... and she is reminded: the simulated mailbox received her reminder.
  const appInfo = (await (await page.request.get('/api/app-info')).json()) as { simulatedMailboxUrl: string };
  await expect(async () => {
    await page.goto(`${appInfo.simulatedMailboxUrl}?to=${encodeURIComponent('christie.cline@contoso.com')}`);
    await expect(page.getByRole('article').filter({ hasText: 'Password Expiration Notice' }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});
