import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// Contoso's simulated org chart: the first member of a department heads it, so Adele Vance
// (Marketing) manages Miriam Graham, whose password expires in 7 days.

test.beforeAll(async ({ request }) => {
  const settings = await request.put(`http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? '3102'}/_control/settings`, { data: { mailMessagesPerMinute: 600 } });
  expect(settings.ok()).toBe(true);
});

async function mailboxUrl(page: import('@playwright/test').Page, to: string): Promise<string> {
  const appInfo = (await (await page.request.get('/api/app-info')).json()) as { simulatedMailboxUrl: string };
  return `${appInfo.simulatedMailboxUrl}?to=${encodeURIComponent(to)}`;
}

test('pilot mode sends every reminder to one mailbox, the subject naming the real recipient', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('pilot'), name: 'Pia Pilot' }, { name: 'Contoso Pilot', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  await page.getByRole('tab', { name: 'Configuration' }).click();
  const card = page.getByRole('form', { name: 'Pilot mode and managers' });
  await card.getByRole('switch', { name: 'Pilot mode' }).click();
  await card.getByLabel('Pilot mailbox').fill('not-an-address');
  await card.getByRole('button', { name: 'Save Recipients' }).click();
  await expect(card.getByText('The pilot mailbox must be an email address')).toBeVisible();
  const pilot = uniqueEmail('pilot-mailbox');
  await card.getByLabel('Pilot mailbox').fill(pilot);
  await card.getByRole('button', { name: 'Save Recipients' }).click();
  await expect(toast(page, 'Reminder recipients saved')).toBeVisible();
  await expect(card.getByText(`Every reminder goes to ${pilot} instead of the user`)).toBeVisible();

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();

  await expect(async () => {
    await page.goto(await mailboxUrl(page, pilot));
    await expect(page.getByRole('article').filter({ hasText: '[Pilot: for alex.wilber@contoso.com] Password Expiration Notice' })).toHaveCount(1, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  // Nothing of this organization's run went to Alex himself: every mail of the run is the pilot's.
  await expect(page.getByRole('article').filter({ hasText: 'Password Expiration Notice' }).first()).toContainText('[Pilot: for');
});

test("managers get a copy of their users' reminders", async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('managers'), name: 'Max Manager' }, { name: 'Contoso Managers', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  await page.getByRole('tab', { name: 'Configuration' }).click();
  const card = page.getByRole('form', { name: 'Pilot mode and managers' });
  await card.getByRole('switch', { name: 'Copy each user’s manager' }).click();
  await card.getByRole('button', { name: 'Save Recipients' }).click();
  await expect(toast(page, 'Reminder recipients saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();

  await expect(async () => {
    await page.goto(await mailboxUrl(page, 'miriam.graham@contoso.com'));
    const copied = page.getByRole('article').filter({ hasText: 'adele.vance@contoso.com' });
    await expect(copied.first()).toBeVisible({ timeout: 1_000 });
    await expect(copied.first()).toContainText('Cc');
  }).toPass({ timeout: 20_000 });
});
