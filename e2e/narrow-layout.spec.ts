import { expect, type Page } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signInOnDemoIssuer, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// Every page a customer meets, on a 390 px wide phone: none may be wider than the screen
// (docs/product.md §Screens and routes). Measured as the document's scroll width once the page's
// own content is showing, in each state that changes what a page holds: signed out and in, with
// and without an organization and a subscription, connected with an app registration and via the
// Passwatch app, and with the first demo user's banner.

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** Fails naming the page when the document scrolls sideways. */
async function expectFits(page: Page, what: string): Promise<void> {
  const width = await page.evaluate<number>('document.scrollingElement.scrollWidth');
  expect(width, `${what} is ${width} px wide at a ${WIDTH} px screen`).toBeLessThanOrEqual(WIDTH);
}

/**
 * The first demo user's hint, as the server words it for a long sign-in address: the end-to-end
 * server names an operator admin, so it never has a first user to tell.
 */
async function showFirstUserBanner(page: Page): Promise<void> {
  await page.route('**/api/app-info', async (route) => {
    const response = await route.fetch();
    const info = (await response.json()) as Record<string, unknown>;
    const adminHint =
      'You are the first user of this demo. To open the operator Admin Dashboard, restart with ' +
      'ADMIN_EMAILS=a.rather.long.first.name.and.surname@subsidiary.example.com npm start.';
    await route.fulfill({ response, json: { ...info, adminHint } });
  });
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** The dashboard's four tabs, the Setup Guide and Preview Users. */
async function checkDashboard(page: Page, state: string): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  await expectFits(page, `Overview (${state})`);

  await openTab(page, 'Configuration');
  await expect(page.getByRole('navigation', { name: 'Configuration sections' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Helpdesk digest' })).toBeVisible();
  await expectFits(page, `Configuration (${state})`);
  // The save bar fits: its button is whole on the screen, not cut off at the right.
  const save = page.getByRole('button', { name: 'Save Configuration' });
  await save.scrollIntoViewIfNeeded();
  const box = await save.boundingBox();
  expect(box && box.x + box.width, 'Save Configuration ends on the screen').toBeLessThanOrEqual(WIDTH);
  // Preview Users reads the directory: it opens once a connection is saved.
  const previewUsers = page.getByRole('button', { name: 'Preview Users' });
  if (await previewUsers.isEnabled()) {
    await previewUsers.click();
    const preview = page.getByRole('dialog', { name: 'Preview Users' });
    await expect(preview.getByRole('table')).toBeVisible();
    await expectFits(page, `Preview Users (${state})`);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
  }

  await openTab(page, 'Testing');
  await expect(page.getByRole('button', { name: 'Test Connection' })).toBeVisible();
  await expectFits(page, `Testing (${state})`);

  await openTab(page, 'Help & Documentation');
  await expectFits(page, `Help (${state})`);

  await page.getByRole('button', { name: 'Setup Guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Setup Guide' })).toBeVisible();
  await expectFits(page, `Setup Guide (${state})`);
  await page.keyboard.press('Escape');
}

/** Account Settings, each tab. */
async function checkAccount(page: Page, state: string): Promise<void> {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  for (const tab of ['Profile', 'Subscription', 'Billing', 'Notifications']) {
    await openTab(page, tab);
    await expectFits(page, `Account, ${tab} (${state})`);
  }
}

/** The subscription page and PayPal's return pages. */
async function checkSubscriptionPages(page: Page, state: string): Promise<void> {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  await expectFits(page, `Subscription (${state})`);
  await page.goto('/subscription/activate');
  await expect(page.getByRole('heading', { name: 'Manual Activation' })).toBeVisible();
  await expectFits(page, `Manual activation (${state})`);
  await page.goto('/subscription/cancel');
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expectFits(page, `Payment cancelled (${state})`);
  await page.goto('/subscription/success');
  await expect(page.getByRole('heading', { name: 'Activation Failed' })).toBeVisible();
  await expectFits(page, `Payment return (${state})`);
}

for (const firstUser of [false, true]) {
  const banner = firstUser ? 'first demo user' : 'no first-user banner';

  test(`every page fits a ${WIDTH} px screen, connected with an app registration (${banner})`, async ({ page }) => {
    // Some thirty pages and states in one journey.
    test.slow();
    if (firstUser) await showFirstUserBanner(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
    if (firstUser) await expect(page.getByText('You are the first user of this demo.')).toBeVisible();
    await expectFits(page, `Landing page (${banner})`);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectFits(page, `Page not found (${banner})`);

    // Signed in, no organization yet: the organization picker.
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await signInOnDemoIssuer(page, uniqueEmail('narrow'), 'Nora Narrow-Screen');
    await expect(page.getByRole('button', { name: 'Add New Organization' }).first()).toBeVisible();
    await expectFits(page, `Organization picker (${banner})`);
    await page.getByRole('button', { name: 'Add New Organization' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Organization' });
    await expectFits(page, `Create New Organization (${banner})`);
    await dialog.getByLabel('Company Name').fill('Northwind Traders International');
    await dialog.getByLabel('Domain').fill('northwind-traders-international.example.com');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(toast(page, 'Company created successfully')).toBeVisible();

    // No subscription yet: plans, the return pages.
    await checkSubscriptionPages(page, `not subscribed, ${banner}`);
    await subscribeInDemo(page);

    // Subscribed, not configured; then configured with the demo tenant's app registration.
    await checkDashboard(page, `not configured, ${banner}`);
    await configureDemoTenant(page);
    await checkDashboard(page, `app registration, ${banner}`);
    await checkAccount(page, banner);
    await checkSubscriptionPages(page, `subscribed, ${banner}`);
  });
}

test(`the Configuration tab of an organization connected via the Passwatch app fits a ${WIDTH} px screen`, async ({ page }) => {
  test.slow();
  await showFirstUserBanner(page);
  // Fabrikam: Contoso is connected through the Passwatch app by another journey's organization on
  // the same server, and a tenant serves one organization that way.
  await signUpWithOrganization(page, { email: uniqueEmail('narrow-consent'), name: 'Connie Narrow' }, { name: 'Fabrikam Narrow', domain: 'fabrikam.com' });
  await subscribeInDemo(page);
  await openTab(page, 'Configuration');
  await page.getByRole('button', { name: 'Connect with Microsoft' }).click();
  // The administrator signs in at Microsoft first, then consents for the tenant that proved.
  await expect(page.getByRole('heading', { name: 'Pick an account' })).toBeVisible();
  await page.getByRole('radio', { name: /Global Administrator, Fabrikam/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Permissions requested' })).toBeVisible();
  await page.getByRole('radio', { name: /Global Administrator, Fabrikam/ }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connected via Passwatch app' })).toBeVisible();
  // The directory id is shown whole, wrapped inside its card.
  await expectFits(page, 'Configuration, connected via the Passwatch app');
  await page.getByLabel('From Email').fill('passwatch@fabrikam.com');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Configuration saved successfully')).toBeVisible();
  // The toast does not cover the save bar: Save Configuration still takes a click.
  await page.getByRole('button', { name: 'Save Configuration' }).click({ trial: true, timeout: 2000 });
  await checkDashboard(page, 'via the Passwatch app, first demo user');
  await checkAccount(page, 'via the Passwatch app');
});

test(`the operator's Admin Dashboard fits a ${WIDTH} px screen`, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  await signInOnDemoIssuer(page, 'operator@passwatch.test', 'Olivia Operator');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  for (const tab of await page.getByRole('tab').all()) {
    const name = (await tab.textContent()) ?? '';
    await tab.click();
    await expectFits(page, `Admin Dashboard, ${name}`);
  }
});
