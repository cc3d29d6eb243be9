import { expect, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

const CONTOSO_TENANT_ID = '3f2a9c71-5d4e-4b8a-9e1f-6c7d8a2b4e90';
const FABRIKAM_TENANT_ID = '8b1e4d27-9a3c-4f6e-b5d2-1c9a7e3f6d48';
const GRAPH_SIMULATOR = `http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? '3102'}`;

/** On the simulated Microsoft sign-in page: picks an account (by the line under its name) and signs in. */
async function signInAtMicrosoft(page: Page, account: RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Pick an account' })).toBeVisible();
  await page.getByRole('radio', { name: account }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in as the tenant's Global Administrator, then answers the consent page for that tenant. */
async function answerConsentPage(page: Page, decision: 'Accept' | 'Cancel', tenant = 'Contoso'): Promise<void> {
  await signInAtMicrosoft(page, new RegExp(`Global Administrator, ${tenant}`));
  await expect(page.getByRole('heading', { name: 'Permissions requested' })).toBeVisible();
  await expect(page.getByText('Mail.Send (application permission)')).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`Global Administrator, ${tenant}`) }).check();
  await page.getByRole('button', { name: decision }).click();
}

/** The header naming the signed-in owner's (only) organization. */
async function tenantHeader(page: Page): Promise<Record<string, string>> {
  const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string }[];
  return { 'x-tenant-id': organization?.id ?? '' };
}

/** POST /api/entra/consent-start for the signed-in owner's organization: the Microsoft sign-in URL, with its state. */
async function startConsent(page: Page): Promise<URL> {
  const started = await page.request.post('/api/entra/consent-start', { data: { returnTo: 'configuration' }, headers: await tenantHeader(page) });
  expect(started.status()).toBe(200);
  return new URL(((await started.json()) as { url: string }).url);
}

test(
  'a new customer connects Contoso with one click and no secret: wizard -> Microsoft consent page -> Accept -> ' +
    'Test Connection and the Full System Test pass; consent removed -> Reconnect',
  async ({ page }) => {
    // Three Connect with Microsoft flows, each through Microsoft's sign-in and consent pages.
    test.slow();
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
    // No app registration to walk through: the guide says what is left and leads to it.
    await expect(wizard.getByText('What is left: the sender mailbox, the schedule and the groups')).toBeVisible();
    await wizard.getByRole('button', { name: 'Open the Configuration tab' }).click();
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

test(
  "directory takeover is refused: a former customer's consented tenant cannot be claimed by a typed consent answer or by a " +
    'user who is no administrator; its deletion told the former customer to remove the Passwatch app',
  async ({ page, browser }) => {
    // A former customer connects Fabrikam as its Global Administrator, then deletes their account.
    await signUpWithOrganization(page, { email: uniqueEmail('former'), name: 'Fiona Former' }, { name: 'Fabrikam Former', domain: 'fabrikam.com' });
    await page.goto((await startConsent(page)).toString());
    await answerConsentPage(page, 'Accept', 'Fabrikam');
    // Without a subscription the dashboard sends the browser on to Subscription; the connection is made.
    await expect(page).toHaveURL(/\/(dashboard|subscription)/);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/configuration', { headers: await tenantHeader(page) })).json()) as { connectionMethod?: string })
            .connectionMethod,
      )
      .toBe('passwatch_app');
    const deleted = await page.request.delete('/api/account', { data: { confirmation: 'DELETE' } });
    expect(((await deleted.json()) as { entraNotice?: string }).entraNotice).toContain(`Microsoft tenant ${FABRIKAM_TENANT_ID} through the Passwatch app`);

    // Another customer types Microsoft's consent answer for Fabrikam with their own state, never signing in there.
    const attacker = await (await browser.newContext()).newPage();
    await signUpWithOrganization(attacker, { email: uniqueEmail('attacker'), name: 'Mallory Attacker' }, { name: 'Mallory Ltd', domain: 'mallory.example' });
    await subscribeInDemo(attacker);
    const state = (await startConsent(attacker)).searchParams.get('state') ?? '';
    await attacker.goto(`/api/entra/consent-callback?${new URLSearchParams({ state, tenant: FABRIKAM_TENANT_ID, admin_consent: 'True' })}`);
    await expect(attacker.getByRole('alert').filter({ hasText: 'Microsoft could not complete Connect with Microsoft. Nothing was changed' })).toBeVisible();
    await expect(attacker.getByRole('navigation', { name: 'Main' }).getByText('Not Configured')).toBeVisible();

    // Signing in as a Fabrikam user who is no administrator does not connect it either.
    await attacker.goto((await startConsent(attacker)).toString());
    await signInAtMicrosoft(attacker, /User, Fabrikam/);
    await expect(attacker.getByRole('alert').filter({ hasText: 'is not a Global Administrator or Privileged Role Administrator' })).toBeVisible();
    const configuration = await attacker.request.get('/api/configuration', { headers: await tenantHeader(attacker) });
    expect(((await configuration.json()) as { configured: boolean }).configured).toBe(false);
  },
);
