// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PasswordExpirationRecord } from '../../../../shared/api/notifications';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi, type RecordedRequest } from '../../../test-support/api-stub';
import { buildDashboardStats, buildTenant } from '../../../test-support/factories';
import { renderInApp } from '../../../test-support/render-dom';
import { expirationRecord, expirationsPage } from '../test-support/expiration-records';
import { UsersTableCard } from './users-table-card';

// The Overview's users table in a DOM, against a stubbed server: the server filters, sorts,
// searches and pages, so what matters is the request each click makes and what the answer shows.
// (The card layout of narrow screens is CSS, which jsdom does not apply; the journeys cover it.)

const contoso = buildTenant({ name: 'Contoso', domain: 'contoso.com' });

const ada = expirationRecord({
  id: 'rec-ada',
  latestReminder: {
    state: 'failed',
    error: 'Grant the Mail.Send application permission.',
    errorCode: 'ErrorAccessDenied',
    createdAt: '2025-03-15T13:00:00.000Z',
  },
});
const grace = expirationRecord({
  id: 'rec-grace',
  userId: 'graph-2',
  userDisplayName: 'Grace Hopper',
  userEmail: 'grace.hopper@contoso.com',
  daysUntilExpiry: 9,
  lastNotified: '2025-03-14T09:30:00.000Z',
  status: 'notified',
  latestReminder: { state: 'sent', error: null, errorCode: null, createdAt: '2025-03-14T09:29:00.000Z' },
});

const total = 60;
const counts = { expiring_soon: total, expired: 4, no_date: 2, all: 66 };

/** A server holding `total` users expiring soon; every page answers the two rows above. */
function serve(
  page: (request: RecordedRequest) => unknown = ({ url }) => ({ ...expirationsPage([ada, grace], total, counts), page: Number(url.searchParams.get('page')) }),
) {
  const api = stubApi({
    'GET /api/password-expirations': page,
    'GET /api/dashboard-stats': () => buildDashboardStats(),
    'GET /api/configuration': () => new Response('{"message":"not needed here"}', { status: 404 }),
  });
  const pageRequests = () => api.requestsTo('GET /api/password-expirations').map(({ url }) => Object.fromEntries(url.searchParams));
  return { ...api, pageRequests, lastPageRequest: () => pageRequests().at(-1) };
}

async function openTable() {
  const user = userEvent.setup({ delay: null });
  renderInApp(<UsersTableCard />, { selected: contoso });
  await screen.findByRole('table');
  return user;
}

const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
const filterButton = (name: RegExp) => within(screen.getByRole('group', { name: 'Show users' })).getByRole('button', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('users table', () => {
  it('opens on the users expiring soon, soonest first, page 1 of 25, for the selected organization', async () => {
    const api = serve();
    await openTable();

    expect(api.pageRequests()).toEqual([{ filter: 'expiring_soon', sort: 'expiry', direction: 'asc', page: '1', pageSize: '25' }]);
    expect(api.requestsTo('GET /api/password-expirations')[0]?.headers['x-tenant-id']).toBe(contoso.id);
    expect(rowTexts()).toHaveLength(2);
    expect(filterButton(/^Expiring soon/).textContent).toBe('Expiring soon (60)');
    expect(filterButton(/^Expiring soon/).getAttribute('aria-pressed')).toBe('true');
    expect(filterButton(/^Expired/).textContent).toBe('Expired (4)');
    expect(screen.getByText('Showing 1–25 of 60')).toBeTruthy();
  });

  it("shows each user's latest reminder and how it went", async () => {
    serve();
    await openTable();

    const [adaRow, graceRow] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(adaRow?.textContent).toContain('Ada King Lovelace');
    expect(adaRow?.querySelector('[data-delivery]')?.getAttribute('data-delivery')).toBe('failed');
    expect(within(adaRow!).getByText('Failed')).toBeTruthy();
    expect(graceRow?.querySelector('[data-delivery]')?.getAttribute('data-delivery')).toBe('sent');
    expect(within(graceRow!).getByText('Sent')).toBeTruthy();
  });

  it('asks the server for another filter, and starts it on page 1', async () => {
    const api = serve();
    const user = await openTable();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.lastPageRequest()).toMatchObject({ filter: 'expiring_soon', page: '2' }));
    await user.click(filterButton(/^Expired/));

    await waitFor(() => expect(api.lastPageRequest()).toMatchObject({ filter: 'expired', sort: 'expiry', direction: 'asc', page: '1' }));
    expect(filterButton(/^Expired/).getAttribute('aria-pressed')).toBe('true');
    expect(filterButton(/^Expiring soon/).getAttribute('aria-pressed')).toBe('false');
  });

  it('sorts by a column header, then turns the order round', async () => {
    const api = serve();
    const user = await openTable();
    const header = () => screen.getByRole('columnheader', { name: /^User/ });

    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(api.lastPageRequest()).toMatchObject({ sort: 'name', direction: 'asc', page: '1' }));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));

    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(api.lastPageRequest()).toMatchObject({ sort: 'name', direction: 'desc' }));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('descending'));
    expect(screen.getByRole('columnheader', { name: /^Expires In/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('pages forward through the server, and back through what it already read', async () => {
    const api = serve();
    const user = await openTable();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Showing 26–50 of 60')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Showing 51–60 of 60')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));

    // A page already read comes from the cache: no request.
    await waitFor(() => expect(screen.getByText('Showing 26–50 of 60')).toBeTruthy());
    expect(api.pageRequests().map(({ page }) => page)).toEqual(['1', '2', '3']);
  });

  it('searches once typing pauses, not at every key', async () => {
    const api = serve();
    const user = await openTable();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'grace');

    await waitFor(() => expect(api.lastPageRequest()).toMatchObject({ search: 'grace', page: '1' }));
    expect(api.pageRequests().filter(({ search }) => search !== undefined)).toHaveLength(1);
  });

  it("shows the server's reason when the page cannot be read", async () => {
    serve(() => new Response('{"message":"The sort must be one of: expiry, name, email, last_notified"}', { status: 400 }));
    renderInApp(<UsersTableCard />, { selected: contoso });
    expect(await screen.findByText('The sort must be one of: expiry, name, email, last_notified')).toBeTruthy();
  });

  it('refuses an answer that is not a page of users instead of showing it', async () => {
    serve(() => ({ records: [{ ...ada, daysUntilExpiry: 'soon' } as unknown as PasswordExpirationRecord], total: 1 }));
    renderInApp(<UsersTableCard />, { selected: contoso });
    expect(await screen.findByText('Failed to load users')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
