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
