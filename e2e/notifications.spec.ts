import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// The demo tenant (Contoso, simulated Graph): Adele Vance's password expires today, Alex Wilber's
// in 1 day, Diego Siciliani's in 3 (see e2e/directory.spec.ts).

// This journey is about what a person sees, not Exchange's pacing (the API tests cover that): the
// e2e server sends up to 600 mails a minute, and the simulated mailbox accepts as many, so Run
// Now's reminders do not push the manual email into the queue.
test.beforeAll(async ({ request }) => {
  const settings = await request.put(`http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? '3102'}/_control/settings`, { data: { mailMessagesPerMinute: 600 } });
  expect(settings.ok()).toBe(true);
});

test('template with colour and variables -> preview -> Run Now -> users and activity -> manual email in the mailbox', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('notify'), name: 'Nora Notify' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  // Edit the template: new words, the recipient's name from a variable button, all of it in red.
  await page.getByRole('tab', { name: 'Configuration' }).click();
  // The editor loads once its section comes near the screen: jump there.
  await page.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'Email' }).click();
  const editor = page.getByRole('textbox', { name: 'Email template' });
  await expect(editor).toContainText('Your password expires soon');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('Urgent notice for ');
  await page.getByRole('button', { name: '{{userName}}' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Days left: ');
  await page.getByRole('button', { name: '{{daysRemaining}}' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.getByRole('button', { name: 'Text colour' }).click();
  await page.getByRole('menuitemradio', { name: 'Red', exact: true }).click();
  await expect(editor.locator('span[style*="color"]').first()).toHaveCSS('color', 'rgb(220, 38, 38)');
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');

  // The live preview fills in the sample recipient with 5 days left.
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText('Subject: Password Expiration Notice')).toBeVisible();
  await expect(preview.getByText('Urgent notice for Alex Johnson')).toBeVisible();
  await expect(preview.getByText('Days left: 5')).toHaveCSS('color', 'rgb(220, 38, 38)');

  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();

  // Testing tab, before the check's reminders take the sending mailbox's per-minute quota:
  // the test email asks for an address first.
  await page.getByRole('tab', { name: 'Testing' }).click();
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Please enter a test email address')).toBeVisible();
  await page.getByLabel('Test Email Address').fill('helpdesk@contoso.com');
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(toast(page, 'Test notification sent to helpdesk@contoso.com')).toBeVisible();

  // Overview: the status cards, then a check run now.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const configurationStatus = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Configuration Status' }) });
  await expect(configurationStatus.getByText('Configured', { exact: true })).toBeVisible();
  await expect(configurationStatus.getByText('Custom', { exact: true })).toBeVisible();
  await expect(configurationStatus.getByText('Enabled', { exact: true })).toBeVisible();
  // No check has run yet: the table says so rather than "nobody expires".
  await expect(page.getByText('No password check has run yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?: \d+ passwords? expiring soon \(by /)).toBeVisible();

  const recentActivity = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Recent Activity' }) });
  // The dashboard lists the latest 3 entries; the run's reminders, sent right after it, may already
  // have pushed the check's own entry down to the full log (checked there below).
  await expect(recentActivity.getByRole('listitem')).toHaveCount(3);

  const usersCard = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Users with Expiring Passwords' }) });
  // The server pages the table: 25 users at a time; everyone ('All') takes more than one page.
  await usersCard
    .getByRole('group', { name: 'Show users' })
    .getByRole('button', { name: /^All \(\d+\)$/ })
    .click();
  const pager = usersCard.getByRole('navigation', { name: 'Users table pages' });
  await expect(pager.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText(/^Showing 26–\d+ of \d+$/)).toBeVisible();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();

  // Search narrows the table, case-insensitively, whatever page a user is on; no match says so.
  const search = usersCard.getByRole('searchbox', { name: 'Search users' });
  await search.fill('adele.VANCE');
  await expect(usersCard.getByRole('row').filter({ hasText: 'adele.vance@contoso.com' }).getByText('Expired Today')).toBeVisible();
  await search.fill('nobody-by-that-name');
  await expect(usersCard.getByText('No users found matching your search.')).toBeVisible();
  await search.fill('ALEX W');
  await expect(usersCard.getByRole('row')).toHaveCount(2);
  const alexRow = usersCard.getByRole('row').filter({ hasText: 'alex.wilber@contoso.com' });
  await expect(alexRow.getByText('1 day', { exact: true })).toBeVisible();
  await expect(alexRow.getByText('AW', { exact: true })).toBeVisible();

  // Row actions: the details toast, then the expiration email.
  await alexRow.getByRole('button', { name: 'Show details for Alex Wilber' }).click();
  await expect(toast(page, 'alex.wilber@contoso.com')).toBeVisible();
  await alexRow.getByRole('button', { name: 'Send expiration email to Alex Wilber' }).click();
  await expect(toast(page, 'Email sent successfully')).toBeVisible();
  await expect(alexRow.getByText('Notified', { exact: true })).toBeVisible();
  await expect(alexRow.getByRole('cell', { name: 'Never', exact: true })).toHaveCount(0);

  // Refresh runs the check again.
  await usersCard.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, 'User data refreshed')).toBeVisible();

  // The whole log, beyond the dashboard's 3.
  await recentActivity.getByRole('button', { name: 'View All Activity' }).click();
  const auditLog = page.getByRole('dialog', { name: 'Audit Log' });
  await expect(auditLog.getByText(/sent \(password expires/).first()).toBeVisible();
  await expect(auditLog.getByText(/^Password check .*Checked \d+ users/).first()).toBeVisible();
  await expect(auditLog.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Automation off and on again.
  const automation = page.getByRole('switch', { name: 'Enable Automation' });
  await automation.click();
  await expect(toast(page, 'Automation settings updated')).toBeVisible();
  await expect(automation).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('region', { name: 'Statistics' }).getByText('Not scheduled')).toBeVisible();
  await automation.click();
  await expect(automation).toHaveAttribute('aria-checked', 'true');

  // The simulated mailbox holds Alex's email with his own values, in the template's colour.
  const appInfo = (await (await page.request.get('/api/app-info')).json()) as { simulatedMailboxUrl: string };
  await page.goto(`${appInfo.simulatedMailboxUrl}?to=alex.wilber@contoso.com`);
  const message = page.getByRole('article').first();
  await expect(message.getByText('Password Expiration Notice', { exact: true })).toBeVisible();
  const body = message.frameLocator('iframe');
  await expect(body.getByText('Urgent notice for Alex Wilber')).toBeVisible();
  await expect(body.getByText('Days left: 1')).toHaveCSS('color', 'rgb(220, 38, 38)');
});
