import { expect } from '@playwright/test';
import { addDays } from '../src/shared/domain/local-date.js';
import { localDateOf } from '../src/shared/domain/days-until.js';
import { suggestedClientSecretExpiry } from '../src/shared/domain/client-secret-expiry.js';
import { test } from './csp-guard.js';
import { signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// Before the first save the organization is in America/New_York (the default time zone): its
// calendar decides "today" for the suggestion and the warning.
const today = () => localDateOf(new Date(), 'America/New_York');

test('client secret expiry: the wizard suggests 24 months, a new secret needs its date, the dashboard warns as it nears', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('secret-expiry'), name: 'Sam Secret' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  const suggested = suggestedClientSecretExpiry(today());

  // The Setup Guide's client secret step asks for the expiry, suggesting 24 months from today.
  await page.getByRole('button', { name: 'Start Setup Wizard' }).click();
  const wizard = page.getByRole('dialog', { name: 'Setup Guide' });
  await wizard.getByRole('button', { name: 'Step 3: Create a client secret' }).click();
  await expect(wizard.getByLabel('Client Secret Expires')).toHaveValue(suggested);
  await expect(wizard.getByText(/^Suggested: .*24 months from today/)).toBeVisible();
  await wizard.getByRole('button', { name: 'Step 4: Connect Passwatch' }).click();
  await wizard.getByRole('button', { name: 'Use demo credentials' }).click();
  await wizard.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(wizard).toBeHidden();

  // The date came along to the Configuration tab and is saved with the secret; far off, no warning.
  await expect(page.getByLabel('Client Secret Expires')).toHaveValue(suggested);
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Client secret' })).toHaveCount(0);

  // A new secret without its date is refused, naming the field and moving focus to it.
  const demo = (await (await page.request.get('/api/demo/graph-credentials')).json()) as { clientSecret: string };
  await page.getByLabel('Client Secret', { exact: true }).fill(demo.clientSecret);
  await page.getByLabel('Client Secret Expires').fill('');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, /Failed to save configuration: Enter the new client secret's expiry date/)).toBeVisible();
  await expect(page.getByLabel('Client Secret Expires')).toBeFocused();

  // A secret that ends in 7 days: the dashboard warns with the exact count and leads to the field.
  const soon = addDays(today(), 7);
  await page.getByLabel('Client Secret Expires').fill(soon);
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Client secret expires in 7 days' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Open the Configuration tab' }).click();
  await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Client Secret Expires')).toHaveValue(soon);

  // The change of date is in the audit log.
  const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string }[];
  const audit = (await (await page.request.get('/api/audit-logs/10', { headers: { 'x-tenant-id': organization?.id ?? '' } })).json()) as { message: string }[];
  expect(audit.map((entry) => entry.message)).toContainEqual(expect.stringContaining(`client secret expiry (${suggested} → ${soon})`));
});
