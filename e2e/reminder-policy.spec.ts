import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// The demo tenant (Contoso, simulated Graph): Adele Vance's password expires today, Alex Wilber's
// in 1 day, Diego Siciliani's in 3 (see e2e/directory.spec.ts); the journey's organization checks
// every day ('include').

test('reminder days 14, 7, 1 and an after-expiry reminder -> Run Now -> the dry run lists the coming reminders -> the forecast on Overview', async ({
  page,
}) => {
  await signUpWithOrganization(page, { email: uniqueEmail('policy'), name: 'Pia Policy' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  await page.getByRole('tab', { name: 'Configuration' }).click();
  const policyCard = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Reminder days' }) });
  await expect(policyCard.getByText(/Remind every day within 7 days before the expiry/)).toBeVisible();
  await policyCard.getByRole('switch', { name: 'Remind on chosen days' }).click();

  // A day chosen twice is refused, with the reason next to the field.
  const reminderDays = policyCard.getByRole('textbox', { name: 'Days before expiry' });
  await reminderDays.fill('14, 7, 7');
  await policyCard.getByRole('button', { name: 'Save Reminder Days' }).click();
  await expect(policyCard.getByText('Each reminder day can be chosen once')).toBeVisible();

  await reminderDays.fill('14, 7, 1');
  await policyCard.getByRole('textbox', { name: 'Days after expiry' }).fill('1');
  await policyCard.getByRole('textbox', { name: 'After-expiry subject' }).fill('Your Contoso password has expired');
  // The after-expiry wording has its own editor, preview and variables.
  const afterExpiryEditor = policyCard.getByRole('textbox', { name: 'After-expiry template' });
  await expect(afterExpiryEditor).toContainText('Your password has expired');
  const preview = page.frameLocator('iframe[title="After-expiry preview"]');
  await expect(preview.getByText('Subject: Your Contoso password has expired')).toBeVisible();
  await expect(preview.getByText('alex.johnson@contoso.com')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', 'https://mysignins.microsoft.com/security-info/password/change');
  await policyCard.getByRole('button', { name: 'Save Reminder Days' }).click();
  await expect(toast(page, 'Reminder policy saved')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(policyCard.getByRole('textbox', { name: 'Days before expiry' })).toHaveValue('14, 7, 1');
  await expect(policyCard.getByRole('textbox', { name: 'Days after expiry' })).toHaveValue('1');

  // Today's check sends today's reminders; the dry run shows the coming days'.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();

  await page.getByRole('tab', { name: 'Configuration' }).click();
  const dryRunCard = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Dry run' }) });
  await dryRunCard.getByRole('button', { name: 'Show Dry Run' }).click();
  // Asserted on the whole card, so a failure prints what the card showed instead (an error, the
  // button again, "No check has run yet"); a busy machine gets 30 s for the projection.
  await expect(dryRunCard).toContainText(/Based on the directory as of [^(]+\(the latest check\)/, { timeout: 30_000 });
  const table = dryRunCard.getByRole('table', { name: 'Dry run' });
  // Adele's password expired today: tomorrow she gets the after-expiry reminder.
  await expect(table.getByRole('row').filter({ hasText: 'Adele Vance' }).filter({ hasText: '1 day after' }).getByText('After expiry')).toBeVisible();
  // Diego's expires in 3 days: his 1-day reminder comes the day after tomorrow.
  await expect(
    table.getByRole('row').filter({ hasText: 'Diego Siciliani' }).filter({ hasText: '1 day before' }).getByText('Reminder', { exact: true }),
  ).toBeVisible();
  // Alex's 1-day reminder went out with today's check: not listed again.
  await expect(table.getByRole('row').filter({ hasText: 'Alex Wilber' }).filter({ hasText: '1 day before' })).toHaveCount(0);

  // Overview: the forecast chart, with its summary and a table for those who cannot see it.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const forecast = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Forecast' }) });
  await expect(forecast.getByRole('figure')).toContainText(/^In the next 30 days, \d+ passwords? expires? and \d+ reminders? (is|are) planned/);
  await expect(forecast.locator('.recharts-wrapper svg').first()).toBeVisible();
  await forecast.getByText('Show the forecast as a table').click();
  await expect(forecast.getByRole('table', { name: 'Forecast by day' }).getByRole('row')).toHaveCount(31);
});
