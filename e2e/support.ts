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
