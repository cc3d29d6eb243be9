import { expect, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

const CONTOSO_TENANT_ID = '3f2a9c71-5d4e-4b8a-9e1f-6c7d8a2b4e90';
const GRAPH_SIMULATOR = `http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? '3102'}`;

/** On the simulated Microsoft consent page: picks Contoso's Global Administrator and answers. */
async function answerConsentPage(page: Page, decision: 'Accept' | 'Cancel'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Permissions requested' })).toBeVisible();
  await expect(page.getByText('Mail.Send (application permission)')).toBeVisible();
  await page.getByRole('radio', { name: /Global Administrator, Contoso/ }).check();
  await page.getByRole('button', { name: decision }).click();
}

test(
  'a new customer connects Contoso with one click and no secret: wizard -> Microsoft consent page -> Accept -> ' +
    'Test Connection and the Full System Test pass; consent removed -> Reconnect',
  async ({ page }) => {
    await signUpWithOrganization(page, { email: uniqueEmail('consent'), name: 'Connie Consent' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
    await subscribeInDemo(page);
    const header = page.getByRole('navigation', { name: 'Main' });
    await expect(header.getByText('Not Configured')).toBeVisible();

    // Cancel on Microsoft's page: back in the wizard, told nothing was connected.
    await page.getByRole('button', { name: 'Start Setup Wizard' }).click();
    let wizard = page.getByRole('dialog', { name: 'Setup Guide' });
    await expect(wizard.getByRole('heading', { name: 'Connect with Microsoft (recommended)' })).toBeVisible();
    await wizard.getByRole('button', { name: 'Connect with Microsoft' }).click();
    await answerConsentPage(page, 'Cancel');
    wizard = page.getByRole('dialog', { name: 'Setup Guide' });
    await expect(wizard.getByText('Consent was declined on the Microsoft page, so Passwatch is not connected.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Accept: back in the wizard, connected via the Passwatch app.
    await wizard.getByRole('button', { name: 'Connect with Microsoft' }).click();
    await answerConsentPage(page, 'Accept');
    wizard = page.getByRole('dialog', { name: 'Setup Guide' });
    await expect(wizard.getByRole('alert').filter({ hasText: 'Connected with Microsoft' })).toBeVisible();
    await expect(wizard.getByRole('status').filter({ hasText: 'Connected via Passwatch app' })).toBeVisible();
    await expect(wizard.getByText(CONTOSO_TENANT_ID)).toBeVisible();
    for (let step = 0; step < 3; step += 1) await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(wizard).toBeHidden();

    // The Configuration tab asks for no IDs or secret: only the sender and the rest.
    await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Connected via Passwatch app' })).toBeVisible();
    await expect(page.getByLabel('Tenant ID')).toHaveCount(0);
    await expect(page.getByLabel('Client Secret', { exact: true })).toHaveCount(0);
    await page.getByLabel('From Email').fill('passwatch@contoso.com');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Configuration saved successfully')).toBeVisible();

    await page.getByRole('tab', { name: 'Testing' }).click();
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(toast(page, 'Connection test completed successfully')).toBeVisible();
    await expect(toast(page, `Signed in to tenant ${CONTOSO_TENANT_ID} via the Passwatch app.`)).toBeVisible();
    await expect(header.getByText('Connected to Tenant')).toBeVisible();
    await page.getByRole('button', { name: 'Run Full System Test' }).click();
    await expect(toast(page, 'Configuration is ready for production use.')).toBeVisible();

    // Contoso's administrator removes the Passwatch app: the test, the badge and Reconnect say so.
    const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string }[];
    const configuration = (await (await page.request.get('/api/configuration', { headers: { 'x-tenant-id': organization?.id ?? '' } })).json()) as {
      applicationId: string;
    };
    const removed = await page.request.delete(`${GRAPH_SIMULATOR}/_control/tenants/${CONTOSO_TENANT_ID}/consents/${configuration.applicationId}`);
    expect(removed.status()).toBe(204);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(toast(page, 'Connection test failed')).toBeVisible();
    await expect(toast(page, /Admin consent missing: The Passwatch app has no access to tenant/)).toBeVisible();
    await expect(header.getByText('Connection Issues')).toBeVisible();
    // The test's results offer to give consent again, as the Configuration tab does.
    const results = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Test Results' }) });
    await expect(results.getByRole('button', { name: 'Reconnect' })).toBeVisible();

    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await answerConsentPage(page, 'Accept');
    await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Connected with Microsoft' })).toBeVisible();
    await expect(header.getByText('Connected to Tenant')).toBeVisible();
  },
);
