import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_APP_WITHOUT_MAIL_SEND } from '../src/simulators/graph/demo-credentials.js';
import { test } from './csp-guard.js';
import { configureDemoTenant, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// The demo tenant (Contoso, simulated Graph): Adele Vance's password expires today, Alex Wilber's
// in 1 day, Diego Siciliani's in 3; some passwords expired weeks ago; svc-backup never expires;
// Grant Steel is synced from an on-premises forest no connector reads (DisablePasswordExpiration, no AD record).

function usersCardOf(page: Page): Locator {
  return page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Users with Expiring Passwords' }) });
}

/** The body rows of the table, in order. */
function bodyRows(card: Locator): Locator {
  return card.locator('tbody tr');
}

/** A filter button ('Expiring soon (21)'), by its name without the count. */
function filterButton(card: Locator, label: string): Locator {
  return card.getByRole('group', { name: 'Show users' }).getByRole('button', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
}

async function rowIndexOf(card: Locator, email: string): Promise<number> {
  return (await bodyRows(card).allTextContents()).findIndex((text) => text.includes(email));
}

async function countOf(button: Locator): Promise<number> {
  const name = (await button.textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1]);
}

test('users table: expiring soon first, filters, sorting, reasons, delivery state, and a card layout at 390 px', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('users-table'), name: 'Uma Users' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  await page.getByRole('button', { name: 'Run Now' }).click();
  const runToast = toast(page, /^Checked \d+ users?: \d+ passwords? expiring soon \(by \d+\/\d+\/\d{4}\)/);
  await expect(runToast).toBeVisible();
  const toastSoon = Number(/: (\d+) passwords? expiring soon/.exec((await runToast.textContent()) ?? '')?.[1]);

  // The table opens on the users expiring soon, soonest first: today's (Adele among them), then
  // tomorrow's (Alex), and so on; nobody whose password expired on an earlier day.
  const card = usersCardOf(page);
  const expiringSoon = filterButton(card, 'Expiring soon');
  await expect(expiringSoon).toHaveAttribute('aria-pressed', 'true');
  await expect(bodyRows(card).first()).toContainText('Expired Today');
  const badges = await card.locator('tbody [data-tone]').allTextContents();
  const days = badges.map((text) => (text === 'Expired Today' ? 0 : Number(/^(\d+) days?$/.exec(text)?.[1])));
  expect(days.every((day) => Number.isInteger(day) && day >= 0)).toBe(true);
  expect(days).toEqual([...days].sort((a, b) => a - b));
  const adeleAt = await rowIndexOf(card, 'adele.vance@contoso.com');
  const alexAt = await rowIndexOf(card, 'alex.wilber@contoso.com');
  expect(adeleAt).toBeGreaterThanOrEqual(0);
  expect(alexAt).toBeGreaterThan(adeleAt);
  await expect(bodyRows(card).nth(alexAt)).toContainText('1 day');
  // ... the same users the Expiring Soon card and Run Now's message count, all on the first page.
  const soonCount = await countOf(expiringSoon);
  expect(toastSoon).toBe(soonCount);
  await expect(page.getByRole('region', { name: 'Statistics' })).toContainText(new RegExp(`Expiring Soon\\s*${soonCount}(?!\\d)`));
  await expect(card.getByRole('navigation', { name: 'Users table pages' })).toContainText(`Showing 1–${soonCount} of ${soonCount}`);
  // Every row says where its date comes from.
  await expect(
    bodyRows(card)
      .first()
      .getByRole('cell', { name: /^(Domain policy|Organization default) \(\d+ days\)$/ }),
  ).toBeVisible();
  // Run Now's reminders: the latest one's delivery state shows next to Last Notified.
  await expect(bodyRows(card).nth(alexAt).locator('[data-delivery]')).toHaveText(/^(Queued|Sending|Sent|Deferred|Failed)$/);

  // Expired passwords have a filter of their own.
  await filterButton(card, 'Expired').click();
  await expect(filterButton(card, 'Expired')).toHaveAttribute('aria-pressed', 'true');
  await expect(bodyRows(card).first()).toContainText(/Expired \d+ days? ago/);
  await expect(bodyRows(card).filter({ hasText: 'adele.vance@contoso.com' })).toHaveCount(0);
  // No Send that the server would refuse: the button says why instead.
  await expect(
    bodyRows(card)
      .first()
      .getByRole('button', { name: /password has already expired: a reminder would say it expires soon$/ }),
  ).toBeDisabled();

  // Users whose password has no date, with the reason.
  await filterButton(card, 'No date').click();
  const grant = bodyRows(card).filter({ hasText: 'grant.steel@contoso.com' });
  await expect(grant.getByRole('cell', { name: 'Managed on-premises', exact: true })).toBeVisible();
  await expect(grant.getByText('No date', { exact: true })).toBeVisible();
  await expect(grant.getByRole('button', { name: /password has no expiry date$/ })).toBeDisabled();
  await expect(bodyRows(card).filter({ hasText: 'svc-backup@contoso.com' }).getByRole('cell', { name: 'Never expires (user policy)' })).toBeVisible();

  // Everyone, sorted by the server: by name, then the other way round.
  await filterButton(card, 'All').click();
  const [organization] = (await (await page.request.get('/api/tenants')).json()) as { id: string }[];
  const serverOrder = async (direction: 'asc' | 'desc') => {
    const response = await page.request.get(`/api/password-expirations?filter=all&sort=name&direction=${direction}&pageSize=2`, {
      headers: { 'x-tenant-id': organization!.id },
    });
    return ((await response.json()) as { records: { userEmail: string }[] }).records.map((record) => record.userEmail);
  };
  const userHeader = card.getByRole('columnheader', { name: 'User' });
  await userHeader.getByRole('button', { name: 'User' }).click();
  await expect(userHeader).toHaveAttribute('aria-sort', 'ascending');
  const [firstUp, secondUp] = await serverOrder('asc');
  await expect(bodyRows(card).first()).toContainText(firstUp!);
  await expect(bodyRows(card).nth(1)).toContainText(secondUp!);
  await userHeader.getByRole('button', { name: 'User' }).click();
  await expect(userHeader).toHaveAttribute('aria-sort', 'descending');
  const [firstDown] = await serverOrder('desc');
  await expect(bodyRows(card).first()).toContainText(firstDown!);
  await expect(card.getByRole('navigation', { name: 'Users table pages' })).toContainText(/^Showing 1–25 of \d+/);

  // A phone, 390 px wide: each user is a card, Status and Actions in view, nothing to scroll sideways.
  await expiringSoon.click();
  await page.setViewportSize({ width: 390, height: 844 });
  const alex = bodyRows(card).filter({ hasText: 'alex.wilber@contoso.com' });
  const status = alex.getByRole('cell').filter({ hasText: /^(Pending|Notified|Expired)$/ });
  const send = alex.getByRole('button', { name: 'Send expiration email to Alex Wilber' });
  const details = alex.getByRole('button', { name: 'Show details for Alex Wilber' });
  for (const element of [status, send, details]) {
    await element.scrollIntoViewIfNeeded();
    await expect(element).toBeInViewport({ ratio: 1 });
    const box = await element.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  // The cards stack: the Status line sits below the Email line, not beside it.
  const emailBox = await alex.getByRole('cell', { name: 'alex.wilber@contoso.com' }).boundingBox();
  expect((await status.boundingBox())!.y).toBeGreaterThan(emailBox!.y);
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await card.evaluate((element) => element.ownerDocument.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Sorting is still at hand on a phone: the headers become a row of sort buttons.
  const sortByExpiry = card.getByRole('button', { name: 'Expires In' });
  await sortByExpiry.scrollIntoViewIfNeeded();
  await expect(sortByExpiry).toBeInViewport({ ratio: 1 });
  await sortByExpiry.click();
  await expect(card.getByRole('columnheader', { name: 'Expires In' })).toHaveAttribute('aria-sort', 'ascending');
});

test('users table: a reminder Graph refused shows Failed, and why on hover', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('users-table-failed'), name: 'Fay Failed' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  // The demo tenant's app registration consented without Mail.Send: every sendMail is refused.
  await configureDemoTenant(page, DEMO_APP_WITHOUT_MAIL_SEND);
  await page.reload();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();

  const card = usersCardOf(page);
  const alex = bodyRows(card).filter({ hasText: 'alex.wilber@contoso.com' });
  // The reminders are sent after the check answers: reload until Alex's has been tried.
  await expect(async () => {
    await page.reload();
    await expect(alex.locator('[data-delivery]')).toHaveText('Failed', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(alex.getByText('Never', { exact: true })).toBeVisible();
  await alex.getByText('Failed', { exact: true }).hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Mail.Send');
  await expect(tooltip).toContainText('(ErrorAccessDenied)');
});

test('users table at 1440 px: the Actions column whole, one height for every row; Export CSV holds every user under the filter and search', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpWithOrganization(page, { email: uniqueEmail('users-wide'), name: 'Wanda Wide' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?/)).toBeVisible();
  const card = usersCardOf(page);
  // Reminders went out: Last Notified holds a date and the delivery badge on some rows.
  await expect(
    bodyRows(card)
      .filter({ has: page.locator('[data-delivery]') })
      .first(),
  ).toBeVisible();

  const container = card.locator('[data-slot="table-container"]');
  const actions = card.getByRole('columnheader', { name: 'Actions' });
  const containerBox = (await container.boundingBox())!;
  const actionsBox = (await actions.boundingBox())!;
  expect(actionsBox.x).toBeGreaterThanOrEqual(containerBox.x);
  expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual(containerBox.x + containerBox.width + 0.5);
  const heights = await bodyRows(card).evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(1);
  expect(new Set(heights).size, `row heights ${heights.join(', ')}`).toBe(1);

  // Export: the Expired filter and a search, every page of it.
  await filterButton(card, 'Expired').click();
  await card.getByLabel('Search users').fill('o');
  await expect(filterButton(card, 'Expired')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('navigation', { name: 'Users table pages' })).toBeVisible();
  const total = await countOf(filterButton(card, 'Expired'));
  const firstName = (await bodyRows(card).first().locator('span[title]').textContent())?.trim() ?? '';
  const downloadStarted = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^users-expired-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(toast(page, 'Export Successful')).toBeVisible();
  const [header, ...rows] = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(header).toBe('"User","Email","Expires In","Expiry Date","Reason","Last Notified","Latest Reminder","Status"');
  expect(total).toBeGreaterThan(0);
  expect(rows).toHaveLength(total);
  expect(rows[0]!.startsWith(`"${firstName}",`)).toBe(true);
  for (const row of rows) expect(row.toLowerCase()).toMatch(/^"[^"]*o[^"]*"|^"[^"]*","[^"]*o/);
});
