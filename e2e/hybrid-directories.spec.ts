import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, pickOption, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

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

/** Runs a check from the Overview and opens the users table on `email`'s row, among every user. */
async function checkAndFind(page: Page, email: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Overview' }).click();
  const users = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Users with Expiring Passwords' }) });
  await users
    .getByRole('group', { name: 'Show users' })
    .getByRole('button', { name: /^All \(\d+\)$/ })
    .click();
  await users.getByLabel('Search users').fill(email);
  return users.locator('tbody tr').filter({ hasText: email });
}

/** The On-premises Active Directory section's settings form, on the Configuration tab. */
async function onPremisesSettings(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Configuration' }).click();
  const form = page.getByRole('form', { name: 'On-premises settings' });
  await form.scrollIntoViewIfNeeded();
  return form;
}

async function saveOnPremisesSettings(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Save On-premises Settings' }).click();
  await expect(toast(page, 'On-premises settings saved. The next check applies them.')).toBeVisible();
}

// Grant Steel is synced from a forest no connector reads and changed his password 20 days ago; he
// is in the Sales group and, through it, in All Staff.
test('an owner declares a policy with a group age and a never-expiring group; the estimated date of a synced user no connector reports follows it', async ({
  page,
}) => {
  test.slow();
  await signUpWithOrganization(page, { email: uniqueEmail('declared'), name: 'Dana Declared' }, { name: 'Contoso Declared', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  const grant = await checkAndFind(page, 'grant.steel@contoso.com');
  await expect(grant.getByRole('cell', { name: 'Managed on-premises', exact: true })).toBeVisible();

  // A maximum age of 25 days: 20 days gone, about 5 left, estimated (and within the reminder window, so listed).
  let form = await onPremisesSettings(page);
  await form.getByRole('switch', { name: 'Declared on-premises policy' }).click();
  await expect(form.getByText('No group ages: every synced user gets the maximum password age.')).toBeVisible();
  await form.getByLabel('Maximum password age (days)').fill('25');
  await saveOnPremisesSettings(page, form);
  await checkAndFind(page, 'grant.steel@contoso.com');
  await expect(grant.getByRole('cell', { name: 'Estimated: declared domain policy (25 days)' })).toBeVisible();
  await expect(grant.getByRole('cell', { name: /^[45] days$/ })).toBeVisible();

  // Sales at 23 days: his group's age wins over the maximum, about 3 days left.
  form = await onPremisesSettings(page);
  await pickOption(page, 'Add a group age', 'Sales');
  await form.getByLabel('Maximum password age for Sales (days)').fill('23');
  await saveOnPremisesSettings(page, form);
  await page.reload();
  form = await onPremisesSettings(page);
  // Saved: the row is there after a reload.
  await expect(form.getByLabel('Maximum password age for Sales (days)')).toHaveValue('23');
  await checkAndFind(page, 'grant.steel@contoso.com');
  await expect(grant.getByRole('cell', { name: 'Estimated: Sales (23 days)' })).toBeVisible();
  await expect(grant.getByRole('cell', { name: /^[23] days$/ })).toBeVisible();

  // All Staff never expires: that beats his group age.
  form = await onPremisesSettings(page);
  await pickOption(page, 'Never-expiring group', 'All Staff');
  await saveOnPremisesSettings(page, form);
  await checkAndFind(page, 'grant.steel@contoso.com');
  await expect(grant.getByRole('cell', { name: 'Never expires (on-premises) (All Staff)' })).toBeVisible();

  // The section with its group rows fits a 390 px screen (docs/product.md §Screens and routes).
  await page.setViewportSize({ width: 390, height: 844 });
  form = await onPremisesSettings(page);
  await expect(form.getByTestId('never-expires-group')).toContainText('All Staff');
  const remove = form.getByRole('button', { name: 'Remove Sales' });
  await remove.scrollIntoViewIfNeeded();
  const box = await remove.boundingBox();
  expect(box && box.x + box.width, 'the group row ends on the screen').toBeLessThanOrEqual(390);
  const width = await page.evaluate<number>('document.scrollingElement.scrollWidth');
  expect(width, `the Configuration tab with a declared policy is ${width} px wide at a 390 px screen`).toBeLessThanOrEqual(390);
});
