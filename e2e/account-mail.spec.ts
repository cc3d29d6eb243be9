import { expect, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signInOnDemoIssuer, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// Account mail goes by SMTP, to the in-process sink in demo mode; the demo banner links its page.

/** Account Settings > Notifications > Security Alerts, switched to `on` and saved. */
async function setSecurityAlerts(page: Page, on: boolean): Promise<void> {
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const toggle = page.getByRole('switch', { name: 'Security Alerts' });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
  // Saved on the server, not only switched on the page.
  await expect.poll(async () => ((await (await page.request.get('/api/notification-preferences')).json()) as Record<string, boolean>).securityAlerts).toBe(on);
}

/** The sink's page, opened from the demo banner's link, showing the mail to `to` whose text matches. */
async function expectOnSinkPage(page: Page, to: string, text: string | RegExp, count = 1): Promise<void> {
  await page.goto('/dashboard');
  const sinkUrl = await page.getByRole('region', { name: 'Demo mode' }).getByRole('link', { name: 'Account mail (SMTP)' }).getAttribute('href');
  expect(sinkUrl).toBeTruthy();
  await expect(async () => {
    await page.goto(sinkUrl!);
    await expect(page.getByRole('heading', { name: 'Account mail (SMTP)' })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByRole('article').filter({ hasText: to }).filter({ hasText: text })).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('a security alert reaches the SMTP sink once the admin turns Security Alerts on', async ({ page }) => {
  const email = uniqueEmail('alerts');
  const organization = `Alerted ${Date.now()}`;
  await signUpWithOrganization(page, { email, name: 'Alex Alert' }, { name: organization, domain: 'contoso.com' });
  await subscribeInDemo(page);
  // Off: configuring the tenant mails nothing.
  await setSecurityAlerts(page, false);
  await configureDemoTenant(page);

  await setSecurityAlerts(page, true);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await page.getByLabel('Check Time').fill('09:30');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();

  // Changes are collected into one alert per window (a few seconds here, a quarter hour by default):
  // this change is told once, in the alert of its window.
  await expectOnSinkPage(page, email, 'Check time: 08:00 → 09:30 (by Alex Alert, at ');
  const alert = page.getByRole('article').filter({ hasText: email }).filter({ hasText: 'Check time: 08:00 → 09:30' });
  await expect(alert).toContainText(`Security alert: ${organization}'s configuration was changed`);
  await expect(alert).toContainText('Changes are collected for 3 seconds after the first one and told in one alert.');

  // The weekly report goes out on Mondays from 08:00; demo mode sends it on request.
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Send Weekly Report Now' }).click();
  await expect(toast(page, 'Weekly report sent')).toBeVisible();
  await expectOnSinkPage(page, email, `${organization}: weekly report for the week of`);
});

test('the operator publishes a system update that users with System Updates on receive', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await signInOnDemoIssuer(page, 'operator@passwatch.test', 'Olive Operator');
  await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(200);
  // Account Settings needs an organization, which the operator has none of: the same toggle through its API.
  expect((await page.request.put('/api/notification-preferences', { data: { systemUpdates: true } })).ok()).toBe(true);

  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'System update' });
  await form.getByRole('button', { name: 'Publish System Update' }).click();
  await expect(form.getByText('Enter a title')).toBeVisible();
  const title = `Maintenance window ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('Sunday 02:00-03:00 UTC: reminders wait & go out afterwards.');
  await form.getByRole('button', { name: 'Publish System Update' }).click();
  await expect(toast(page, 'System update published')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'System update published' }).first()).toBeVisible();

  await expectOnSinkPage(page, 'operator@passwatch.test', `Passwatch: ${title}`);
  await expect(page.getByRole('article').filter({ hasText: title })).toContainText('You get this because System Updates is on');
});
