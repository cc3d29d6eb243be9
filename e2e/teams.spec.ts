import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signInOnDemoIssuer, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// Two people share an organization with different roles (docs/product.md §Teams and roles): the
// owner invites a helpdesk colleague by mail; the colleague signs in through the link on the demo
// issuer as a second person, reads the users table, sends one reminder, and finds the
// Configuration tab read-only.

test.slow();

test('an owner invites a helpdesk colleague, who accepts through the mail, sends one reminder and cannot change the configuration', async ({
  page,
  browser,
}) => {
  const organization = `Shared ${Date.now()}`;
  await signUpWithOrganization(page, { email: uniqueEmail('owner'), name: 'Olivia Owner' }, { name: organization, domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();

  // Members: the owner invites by address and role.
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  const colleague = uniqueEmail('helen');
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Email').fill(colleague);
  await form.getByLabel('Role').selectOption('helpdesk');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, `Invitation sent to ${colleague}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(`${colleague} · Helpdesk`);

  // The invitation mail on the SMTP sink's page, opened from the demo banner.
  await page.goto('/dashboard');
  const sinkUrl = await page.getByRole('region', { name: 'Demo mode' }).getByRole('link', { name: 'Account mail (SMTP)' }).getAttribute('href');
  let link = '';
  await expect(async () => {
    await page.goto(sinkUrl!);
    const mail = page
      .getByRole('article')
      .filter({ hasText: colleague })
      .filter({ hasText: `Olivia Owner invites you to ${organization}` });
    await expect(mail).toHaveCount(1, { timeout: 1_000 });
    link = /\/invitation#[A-Za-z0-9_-]{43}/.exec(await mail.innerHTML())?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 30_000 });

  // A second person, in a browser of their own, signs in through the link and accepts.
  const theirs = await browser.newContext();
  const helen = await theirs.newPage();
  await helen.goto(link);
  await expect(helen.getByRole('heading', { name: `Join ${organization}` })).toBeVisible();
  await expect(helen.getByText('Olivia Owner invites you as Helpdesk')).toBeVisible();
  await helen.getByRole('button', { name: 'Sign In to Accept' }).click();
  await signInOnDemoIssuer(helen, colleague, 'Helen Helpdesk');
  await helen.getByRole('button', { name: 'Accept Invitation' }).click();

  // The users table, and one reminder by hand.
  const usersCard = helen.locator('[data-slot="card"]').filter({ has: helen.getByRole('heading', { name: 'Users with Expiring Passwords' }) });
  const alexRow = usersCard.getByRole('row').filter({ hasText: 'alex.wilber@contoso.com' });
  await expect(alexRow).toBeVisible();
  await alexRow.getByRole('button', { name: 'Send expiration email to Alex Wilber' }).click();
  await expect(toast(helen, 'Email sent successfully')).toBeVisible();
  // Checks and changes are not offered, and the page says why.
  await expect(helen.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
  await expect(usersCard.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  await expect(helen.getByRole('button', { name: 'Setup Guide' })).toHaveCount(0);
  await expect(helen.getByText('Read-only: your role is Helpdesk.').first()).toBeVisible();

  // The Configuration tab: shown, read-only, every control disabled.
  await helen.getByRole('tab', { name: 'Configuration' }).click();
  const configuration = helen.getByRole('tabpanel', { name: 'Configuration' });
  await expect(configuration.getByText('Read-only: your role is Helpdesk.')).toBeVisible();
  await expect(configuration.getByLabel('Check Time')).toBeDisabled();
  await expect(configuration.getByRole('button', { name: 'Save Configuration' })).toBeDisabled();
  // ...and the server refuses a save anyway.
  const tenantId = ((await (await helen.request.get('/api/tenants')).json()) as { id: string }[])[0]!.id;
  const refused = await helen.request.put('/api/configuration', { headers: { 'x-tenant-id': tenantId }, data: {} });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('Your role (Helpdesk) cannot do this: it needs Admin or higher.');

  // The owner sees the colleague with their role, and who invited whom in the audit log.
  await page.goto('/members');
  await expect(page.getByRole('row').filter({ hasText: 'Helen Helpdesk' })).toContainText(colleague);
  await expect(page.getByRole('combobox', { name: 'Role of Helen Helpdesk' })).toHaveValue('helpdesk');
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await theirs.close();
});
