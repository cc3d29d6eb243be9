import { expect, type Page } from '@playwright/test';

/** Signs in on the demo issuer's page after the app sent the browser there. */
export async function signInOnDemoIssuer(page: Page, email: string, name: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A unique address per run, so journeys never see each other's data. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Picks `option` in the dropdown named `combobox`. The option is chosen with the keyboard: right
 * after a Radix dropdown opens it still positions and scrolls its list (a scroll button appears
 * and shifts every item), so a click aimed at the item's box a moment earlier can land beside it.
 */
export async function pickOption(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).press('Enter');
}

/** The visible toast (Radix also copies its text into a screen-reader announcement). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text);
}

/** Signs in a new user from the landing page and creates their first organization (selected automatically). */
export async function signUpWithOrganization(page: Page, user: { email: string; name: string }, organization: { name: string; domain: string }) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await signInOnDemoIssuer(page, user.email, user.name);
  await page.getByRole('button', { name: 'Add New Organization' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Organization' });
  await dialog.getByLabel('Company Name').fill(organization.name);
  await dialog.getByLabel('Domain').fill(organization.domain);
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(toast(page, 'Company created successfully')).toBeVisible();
}

/**
 * Buys a plan for the selected organization through the PayPal simulator: /subscription ->
 * Select Plan -> Pay with PayPal -> Approve on PayPal's page -> back on the return page with
 * 'Subscription Activated' -> Go to Dashboard. Ends on the dashboard.
 */
export async function subscribeInDemo(page: Page, plan: 'Monthly' | 'Yearly' = 'Monthly'): Promise<void> {
  await page.goto('/subscription');
  const card = page.getByRole('region', { name: plan });
  await card.getByRole('button', { name: 'Select Plan' }).click();
  await card.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('heading', { name: 'Approve subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Activated' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
}

interface DemoCredentials {
  entraTenantId: string;
  azureDirectoryId: string;
  applicationId: string;
  clientSecret: string;
  fromEmail: string;
}

/**
 * Saves the demo tenant's connection with the default template through the API, as the wizard
 * would; `app` picks another of the tenant's app registrations (one consented without Mail.Send).
 */
export async function configureDemoTenant(page: Page, app?: { applicationId: string; clientSecret: string }): Promise<void> {
  const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string }[];
  if (!organization) throw new Error('the journey needs an organization');
  const demo = (await (await page.request.get('/api/demo/graph-credentials')).json()) as DemoCredentials;
  const { template } = (await (await page.request.get('/api/default-template')).json()) as { template: string };
  const saved = await page.request.put('/api/configuration', {
    headers: { 'x-tenant-id': organization.id },
    data: {
      tenantId: demo.entraTenantId,
      azureDirectoryId: demo.azureDirectoryId,
      applicationId: app?.applicationId ?? demo.applicationId,
      clientSecret: app?.clientSecret ?? demo.clientSecret,
      fromEmail: demo.fromEmail,
      emailTemplate: template,
      checkTime: '08:00',
      timeZone: 'America/New_York',
      daysBeforeExpiration: 7,
      weekendProcessing: 'include',
      automationEnabled: true,
      includeGroups: [],
      excludeGroups: [],
      passwordValidityDays: 365,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}
