import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../test-support/factories';
import { buttonNames, renderHtml, textOf } from '../../../test-support/render-html';
import { passwordExpirationsPageKey } from '../api/get-password-expirations';
import { expirationRecord as user, expirationsPage } from '../test-support/expiration-records';
import { DEFAULT_USERS_TABLE_VIEW } from '../utils/users-table-view';
import { UsersTable } from './users-table';
import { UsersTableCard } from './users-table-card';

// First paint through server-side rendering (no DOM): the users table for given rows.

const rowTexts = (html: string) => [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].slice(1).map((match) => textOf(match[1] ?? ''));

describe('UsersTable', () => {
  it('shows a password without a date as such, says why, and offers no email for it', () => {
    const html = renderHtml(
      <UsersTable
        users={[
          user({ userDisplayName: 'Olga Onprem', passwordExpiryDate: null, daysUntilExpiry: null, expiryReason: 'managed_on_premises', validityDays: null }),
        ]}
        emptyMessage=""
        timeZone="UTC"
      />,
      { selected: buildTenant() },
    );
    expect(rowTexts(html)).toEqual(['OO Olga Onprem ada.lovelace@contoso.com Default language No date Managed on-premises Never Not applicable']);
    expect(buttonNames(html)[0]).toMatch(/^Olga Onprem.*s password has no expiry date$/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Olga Onprem|aria-label="Olga Onprem[^"]*"[^>]*disabled=""/);
  });

  it('offers no email for a password that has already expired, and says why on the button', () => {
    const html = renderHtml(
      <UsersTable
        users={[user({ userDisplayName: 'Eve Expired', passwordExpiryDate: '2025-03-10T12:00:00.000Z', daysUntilExpiry: -5 })]}
        emptyMessage=""
        timeZone="UTC"
      />,
      { selected: buildTenant() },
    );
    expect(buttonNames(html)[0]).toMatch(/^Eve Expired.*s password has already expired: a reminder would say it expires soon$/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Eve Expired|aria-label="Eve Expired[^"]*"[^>]*disabled=""/);
  });

  it("shows the latest reminder's delivery state next to Last Notified", () => {
    const html = renderHtml(
      <UsersTable
        users={[
          user({
            latestReminder: {
              state: 'failed',
              error: 'Grant the Mail.Send application permission.',
              errorCode: 'ErrorAccessDenied',
              createdAt: '2025-03-15T13:00:00.000Z',
            },
          }),
          user({
            id: 'rec-2',
            lastNotified: '2025-03-14T09:30:00.000Z',
            status: 'notified',
            latestReminder: { state: 'sent', error: null, errorCode: null, createdAt: '2025-03-14T09:29:00.000Z' },
          }),
          user({
            id: 'rec-3',
            latestReminder: { state: 'deferred', error: 'The sending mailbox is at its limit.', errorCode: null, createdAt: '2025-03-15T13:00:00.000Z' },
          }),
        ]}
        emptyMessage=""
        timeZone="UTC"
      />,
    );
    const rows = rowTexts(html);
    expect(rows[0]).toContain('Never Failed Pending');
    expect(rows[1]).toContain('Sent Notified');
    expect(rows[2]).toContain('Never Deferred Pending');
    expect([...html.matchAll(/data-delivery="(\w+)"/g)].map((match) => match[1])).toEqual(['failed', 'sent', 'deferred']);
    // A state with an error can take keyboard focus to show it; one without has nothing to show.
    expect(html.match(/tabindex="0"/g)).toHaveLength(2);
  });

  it('makes the sortable headers buttons and marks the current order', () => {
    const html = renderHtml(<UsersTable users={[user()]} emptyMessage="" timeZone="UTC" order={{ sort: 'name', direction: 'desc' }} onSort={() => {}} />, {
      selected: buildTenant(),
    });
    expect(buttonNames(html).slice(0, 4)).toEqual(['User', 'Email', 'Expires In', 'Last Notified']);
    expect([...html.matchAll(/<th\b[^>]*aria-sort="(\w+)"/g)].map((match) => match[1])).toEqual(['descending', 'none', 'none', 'none']);
  });

  it('labels every cell for the card layout of narrow screens', () => {
    const html = renderHtml(<UsersTable users={[user()]} emptyMessage="" timeZone="UTC" />, { selected: buildTenant() });
    expect([...html.matchAll(/<td\b[^>]*data-label="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'Email',
      'Language',
      'Expires In',
      'Reason',
      'Last Notified',
      'Status',
      'Actions',
    ]);
  });
});

describe('UsersTableCard', () => {
  it('opens on Expiring soon, offering every filter with its count', () => {
    const html = renderHtml(<UsersTableCard />, {
      queryData: [
        [
          passwordExpirationsPageKey({ ...DEFAULT_USERS_TABLE_VIEW, page: 1, pageSize: 25, search: '' }),
          expirationsPage([user()], 21, { expiring_soon: 21, expired: 43, no_date: 17, all: 81 }),
        ],
      ],
    });
    const group = html.slice(html.indexOf('aria-label="Show users"'));
    expect(buttonNames(group).slice(0, 4)).toEqual(['Expiring soon (21)', 'Expired (43)', 'No date (17)', 'All (81)']);
    expect(group).toMatch(/aria-pressed="true"[^>]*>Expiring soon/);
    expect(textOf(html)).toContain('Showing 1–21 of 21');
  });
});
