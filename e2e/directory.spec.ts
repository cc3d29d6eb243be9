import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { pickOption, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// The demo tenant (Contoso, simulated Graph): 'Password Reminder Pilot' holds the Finance group
// (nested) plus Alex Wilber and Adele Vance; Alex is in Sales. Passwords: Adele expires today,
// Alex in 1 day, Diego Siciliani (Finance) in 3; Joni Sherman (Finance, litwareinc.com, a domain
// without a policy) 7 days under the organization default of 365.

interface DemoCredentials {
  entraTenantId: string;
  applicationId: string;
  clientSecret: string;
  clientSecretId: string;
}

async function chooseGroup(page: Page, list: 'Include groups' | 'Exclude groups', group: string, chosen: Locator) {
  await pickOption(page, list, group);
  // The chip appears once the whole configuration was saved.
  await expect(chosen.getByText(group, { exact: true })).toBeVisible();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();
}

function previewRow(dialog: Locator, name: string): Locator {
  return dialog.getByRole('row').filter({ has: dialog.page().getByRole('cell', { name, exact: true }) });
}

test('setup wizard -> demo credentials -> test -> group filters -> preview; a wrong secret is explained', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('directory'), name: 'Dana Directory' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  const demo = (await (await page.request.get('/api/demo/graph-credentials')).json()) as DemoCredentials;

  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByText('Not Configured')).toBeVisible();

  // The Setup Wizard, step by step.
  await page.getByRole('button', { name: 'Start Setup Wizard' }).click();
  const wizard = page.getByRole('dialog', { name: 'Setup Guide' });
  await expect(wizard.getByRole('heading', { name: 'Step 1 of 4: Register the application' })).toBeVisible();
  await expect(wizard.getByText('Accounts in this organizational directory only (Single tenant)')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(wizard.getByRole('button', { name: 'Completed', exact: true })).toBeDisabled();
  await expect(wizard.getByRole('button', { name: 'Step 1: Register the application (completed)' })).toHaveAttribute('aria-current', 'step');
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByRole('heading', { name: 'Step 2 of 4: Grant API permissions' })).toBeVisible();
  for (const permission of ['User.Read.All', 'Group.Read.All', 'GroupMember.Read.All', 'Mail.Send', 'Directory.Read.All']) {
    await expect(wizard.getByRole('cell', { name: permission, exact: true })).toBeVisible();
  }
  await expect(wizard.getByText('Grant admin consent for <your organization>')).toBeVisible();
  await wizard.getByRole('button', { name: 'Previous' }).click();
  await expect(wizard.getByRole('button', { name: 'Completed', exact: true })).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByRole('heading', { name: 'Step 3 of 4: Create a client secret' })).toBeVisible();
  await expect(wizard.getByText('24 months', { exact: true })).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByRole('heading', { name: 'Step 4 of 4: Connect Passwatch' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await wizard.getByRole('button', { name: 'Use demo credentials' }).click();
  await wizard.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(wizard).toBeHidden();

  // Completing the wizard opens the Configuration tab with the demo credentials filled in.
  await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Tenant ID')).toHaveValue(demo.entraTenantId);
  await expect(page.getByLabel('Application ID')).toHaveValue(demo.applicationId);
  await expect(page.getByText('Save the tenant connection first')).toBeVisible();
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();
  await expect(page.getByText('A client secret is saved')).toBeVisible();
  await expect(page.getByLabel('Client Secret', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Client Secret', { exact: true })).toHaveAttribute('placeholder', 'Leave blank to keep the saved secret');

  await page.getByRole('button', { name: 'Test Configuration' }).click();
  await expect(toast(page, 'Configuration test completed')).toBeVisible();
  await expect(toast(page, 'Configuration is ready for production use.')).toBeVisible();
  await expect(header.getByText('Connected to Tenant')).toBeVisible();

  // Group filters: each change saves at once; a chosen group leaves both dropdowns.
  await chooseGroup(page, 'Include groups', 'Password Reminder Pilot', page.getByRole('list', { name: 'Chosen include groups' }));
  await chooseGroup(page, 'Exclude groups', 'Sales', page.getByRole('list', { name: 'Chosen exclude groups' }));
  await page.getByRole('combobox', { name: 'Include groups' }).click();
  await expect(page.getByRole('option', { name: 'Finance', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Sales', exact: true })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Password Reminder Pilot', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string }[];
  const organizationId = organization?.id ?? '';
  const saved = (await (await page.request.get('/api/configuration', { headers: { 'x-tenant-id': organizationId } })).json()) as {
    includeGroups: string[];
    excludeGroups: string[];
  };
  expect(saved.includeGroups).toHaveLength(1);
  expect(saved.excludeGroups).toHaveLength(1);

  // Preview with an unsaved organization default of 370 days: Joni's date moves to 12 days.
  await page.getByLabel('Password Validity (days)').fill('370');
  await page.getByRole('button', { name: 'Preview Users' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview Users' });
  // It opens as the users table does: passwords still to expire, soonest first; the expired on their own filter.
  await expect(preview.getByRole('button', { name: /^Expiring soon/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(previewRow(preview, 'Diego Siciliani')).toBeVisible();
  await preview.getByRole('button', { name: /^Expired/ }).click();
  await expect(preview.locator('tbody [data-tone]').first()).toHaveText('Expired');
  await expect(previewRow(preview, 'Diego Siciliani')).toHaveCount(0);
  await preview.getByRole('button', { name: /^All/ }).click();
  await expect(previewRow(preview, 'Adele Vance')).toBeVisible();
  const expectations = [
    { name: 'Adele Vance', text: 'Expired', tone: 'red' },
    { name: 'Diego Siciliani', text: '3 days', tone: 'red' },
    { name: 'Joni Sherman', text: '12 days', tone: 'orange' },
  ];
  for (const { name, text, tone } of expectations) {
    const badge = previewRow(preview, name).locator('[data-tone]');
    await expect(badge).toHaveText(text);
    await expect(badge).toHaveAttribute('data-tone', tone);
  }
  await expect(previewRow(preview, 'Joni Sherman')).toContainText('Organization default (370 days)');
  await expect(previewRow(preview, 'Alex Wilber')).toHaveCount(0);
  await expect(preview.locator('[data-tone="green"]').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The unsaved form survives a reload (session storage, never the secret).
  await page.getByLabel('Client Secret', { exact: true }).fill('typed but not saved');
  await page.reload();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page.getByLabel('Password Validity (days)')).toHaveValue('370');
  await expect(page.getByLabel('Client Secret', { exact: true })).toHaveValue('');
  await page.getByLabel('Password Validity (days)').fill('365');

  // The secret's ID instead of its Value: the test says exactly that.
  await page.getByLabel('Client Secret', { exact: true }).fill(demo.clientSecretId);
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();
  await page.getByRole('tab', { name: 'Testing' }).click();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(toast(page, 'Connection test failed')).toBeVisible();
  await expect(toast(page, /Tenant authentication failed: Invalid client secret: Entra ID expected the secret's Value, not its Secret ID/)).toBeVisible();
  const tenantCheck = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tenant Connection' }) });
  await expect(tenantCheck).toContainText('Failed');
  await expect(tenantCheck).toContainText('not its Secret ID');
  await expect(page.getByText('Configuration has errors that must be resolved before going live.')).toBeVisible();
  await expect(header.getByText('Connection Issues')).toBeVisible();
});
