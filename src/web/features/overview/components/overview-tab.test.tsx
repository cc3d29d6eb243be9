import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../../shared/api/audit';
import type { Configuration } from '../../../../shared/api/configuration';
import type { DashboardStats } from '../../../../shared/api/dashboard';
import type { PasswordExpirationRecord } from '../../../../shared/api/notifications';
import { buildDashboardStats, buildTenant } from '../../../test-support/factories';
import { buttonNames, renderHtml, textOf } from '../../../test-support/render-html';
import { RECENT_ACTIVITY_FETCHED } from '../api/get-latest-audit-logs';
import { passwordExpirationsPageKey } from '../api/get-password-expirations';
import { configurationQueryKey } from '@/lib/configuration-queries';
import { auditLogsQueryKey, dashboardStatsQueryKey } from '../api/overview-query-keys';
import { expirationRecord, expirationsPage } from '../test-support/expiration-records';
import { DEFAULT_USERS_TABLE_VIEW } from '../utils/users-table-view';
import { OverviewTab } from './overview-tab';
import { StatCards } from './stat-cards';
import { UsersTable } from './users-table';

// First paint through server-side rendering (no DOM): what the Overview shows for given data.

const DEFAULT_TEMPLATE = '<p>Hello {{userName}}, your password expires on {{expirationDate}}.</p>';

const stats = buildDashboardStats;

const auditEntry = (n: number, status: AuditLogEntry['status']): AuditLogEntry => ({
  id: `audit-${n}`,
  category: 'automation',
  status,
  message: `Entry number ${n}`,
  actorName: null,
  createdAt: `2025-03-15T1${n}:00:00.000Z`,
});

const user = expirationRecord;

const configuration = (emailTemplate: string) => ({ configured: true, emailTemplate, timeZone: 'UTC' }) as Configuration;

interface OverviewData {
  stats?: DashboardStats;
  audit?: AuditLogEntry[];
  users?: PasswordExpirationRecord[];
  /** Users matching on the server; `users` is the first page. Their number when not given. */
  usersTotal?: number;
  template?: string;
}

function render(node: ReactNode, data: OverviewData): string {
  const queryData: [QueryKey, unknown][] = [
    [dashboardStatsQueryKey, data.stats],
    [[...auditLogsQueryKey, RECENT_ACTIVITY_FETCHED], data.audit],
    [
      passwordExpirationsPageKey({ ...DEFAULT_USERS_TABLE_VIEW, page: 1, pageSize: 25, search: '' }),
      data.users && expirationsPage(data.users, data.usersTotal ?? data.users.length),
    ],
    [configurationQueryKey, data.template === undefined ? undefined : configuration(data.template)],
    [['/api/default-template'], { template: DEFAULT_TEMPLATE }],
  ];
  // The signed-in user owns the organization: every action is theirs to take.
  return renderHtml(node, { queryData: queryData.filter(([, value]) => value !== undefined), selected: buildTenant() });
}

const renderOverview = (data: OverviewData) =>
  render(
    <OverviewTab
      testConfigurationButton={<button type="button">Test Configuration</button>}
      saveConfigurationButton={<button type="button">Save Configuration</button>}
    />,
    data,
  );

/** The text of the card under the h2 `title`, up to the next h2. */
function cardText(html: string, title: string): string {
  const titleAt = html.indexOf(`>${title}</h2>`);
  expect(titleAt, `card ${title}`).toBeGreaterThan(-1);
  const from = html.lastIndexOf('<h2', titleAt);
  const next = html.indexOf('<h2', from + 1);
  return textOf(html.slice(from, next === -1 ? undefined : next));
}

describe('StatCards', () => {
  it('show the four figures, the next check as an en-US date and time', () => {
    const text = textOf(render(<StatCards />, { stats: stats() }));
    expect(text).toMatch(/Active Users 1,234 .*Expiring Soon 7 .*Emails Sent Today 3 .*Next Check 3\/16\/2025, \d{1,2}:00 [AP]M/);
  });

  it("read 'Not scheduled' without a next check", () => {
    expect(textOf(render(<StatCards />, { stats: stats({ nextCheck: null, automationEnabled: false }) }))).toContain(
      'Next Check Not scheduled Automation is off',
    );
  });

  it('show unknown figures, not zeros, before the first answer', () => {
    expect(textOf(render(<StatCards />, {}))).toBe(
      'Active Users — Users in scope at the latest check Expiring Soon — Until the last reminder day Emails Sent Today ' +
        '— Reminders, manual and test emails Next Check — Scheduled password check',
    );
  });
});

describe('OverviewTab', () => {
  it('offers the quick actions in the documented order', () => {
    const html = renderOverview({ stats: stats() });
    expect(buttonNames(html).slice(0, 3)).toEqual(['Test Configuration', 'Run Now', 'Save Configuration']);
  });

  it('shows an active automation with its last and next run, and the switch on', () => {
    const html = renderOverview({ stats: stats() });
    expect(cardText(html, 'Automation Status')).toMatch(/Active Last Run 3\/15\/2025, .+ Next Run 3\/16\/2025, .+ Enable Automation/);
    expect(html).toMatch(/role="switch" aria-checked="true"/);
  });

  it("shows an inactive automation that never ran as 'Never' and 'Not scheduled'", () => {
    const html = renderOverview({ stats: stats({ automationEnabled: false, lastRun: null, nextCheck: null }) });
    expect(cardText(html, 'Automation Status')).toContain('Inactive Last Run Never Next Run Not scheduled Enable Automation');
    expect(html).toMatch(/role="switch" aria-checked="false"/);
  });

  it('keeps the switch off limits until the configuration is saved, and says why', () => {
    const html = renderOverview({ stats: stats({ configured: false, automationEnabled: false }) });
    expect(html).toMatch(/role="switch" aria-checked="false"[^>]*disabled=""/);
    expect(cardText(html, 'Automation Status')).toContain('Save the configuration before changing automation.');
  });

  it('lists the first 3 of the latest 5 audit entries with their status badges', () => {
    const audit = [auditEntry(1, 'success'), auditEntry(2, 'warning'), auditEntry(3, 'error'), auditEntry(4, 'success'), auditEntry(5, 'success')];
    const text = cardText(renderOverview({ audit }), 'Recent Activity');
    expect(text).toMatch(/Entry number 1 .*Success Entry number 2 .*Warning Entry number 3 .*Error$/);
    expect(text).not.toContain('Entry number 4');
  });

  it("says 'No recent activity' when the log is empty", () => {
    expect(cardText(renderOverview({ audit: [] }), 'Recent Activity')).toContain('No recent activity');
  });

  it('shows a configured organization with a custom template and automation on', () => {
    const text = cardText(renderOverview({ stats: stats(), template: '<p>Our own words, {{userName}}</p>' }), 'Configuration Status');
    expect(text).toContain('Tenant Connection Configured Email Template Custom Automation Enabled');
  });

  it('shows an organization not set up yet: Not Set, Default, Disabled', () => {
    const text = cardText(renderOverview({ stats: stats({ configured: false, automationEnabled: false }), template: '' }), 'Configuration Status');
    expect(text).toContain('Tenant Connection Not Set Email Template Default Automation Disabled');
  });

  it("shows 'No users with expiring passwords.' and no pager when the check found none", () => {
    const text = cardText(renderOverview({ users: [] }), 'Users with Expiring Passwords');
    expect(text).toContain('No users with expiring passwords.');
    expect(text).not.toContain('Next');
  });

  it('says no check has run yet, not that nobody expires, before the first check', () => {
    const text = cardText(renderOverview({ users: [], stats: stats({ lastRun: null, nextCheck: null, configured: false }) }), 'Users with Expiring Passwords');
    expect(text).toContain('No password check has run yet. Save the configuration, then press Run Now to list the users.');
    expect(text).not.toContain('No users with expiring passwords.');
  });

  it("shows the server's first page of users with the pager: where it is, and only Next to go", () => {
    const html = renderOverview({
      users: [user(), user({ id: 'rec-2', userId: 'graph-2', userDisplayName: 'Grace Hopper', userEmail: 'grace@contoso.com' })],
      usersTotal: 4068,
    });
    const text = cardText(html, 'Users with Expiring Passwords');
    expect(text).toMatch(/Ada King Lovelace .*Grace Hopper .*Showing 1–25 of 4,068 Previous Page 1 of 163 Next$/);
    const pager = html.slice(html.indexOf('aria-label="Users table pages"'));
    expect(pager).toMatch(/<button[^>]*disabled=""[^>]*>.*?Previous/);
    expect(pager).not.toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Next/);
  });
});

describe('UsersTable', () => {
  const renderTable = (users: PasswordExpirationRecord[]) =>
    render(<UsersTable users={users} emptyMessage="No users found matching your search." timeZone="UTC" />, {});

  it('has the documented columns', () => {
    const headers = [...renderTable([]).matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((match) => textOf(match[1] ?? ''));
    expect(headers).toEqual(['User', 'Email', 'Language', 'Expires In', 'Reason', 'Last Notified', 'Status', 'Actions']);
  });

  it('shows the given empty message', () => {
    expect(textOf(renderTable([]))).toContain('No users found matching your search.');
  });

  it("shows initials, email, the user's language, the expiry badge, last notified and status for each user", () => {
    const html = renderTable([
      user(),
      user({
        id: 'rec-2',
        userId: 'graph-2',
        userDisplayName: 'Grace Hopper',
        userEmail: 'grace@contoso.com',
        preferredLanguage: 'de-DE',
        daysUntilExpiry: 1,
        lastNotified: '2025-03-14T09:30:00.000Z',
        status: 'notified',
      }),
      user({ id: 'rec-3', userId: 'graph-3', userDisplayName: 'Alan Turing', userEmail: 'alan@contoso.com', daysUntilExpiry: -2, status: 'expired' }),
    ]);
    const rows = [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].slice(1).map((match) => textOf(match[1] ?? ''));
    expect(rows).toEqual([
      'AL Ada King Lovelace ada.lovelace@contoso.com Default language 5 days Domain policy (90 days) Never Pending',
      'GH Grace Hopper grace@contoso.com German (Germany) 1 day Domain policy (90 days) 3/14/2025, 9:30 AM UTC Notified',
      'AT Alan Turing alan@contoso.com Default language Expired 2 days ago Domain policy (90 days) Never Expired',
    ]);
    expect([...html.matchAll(/data-tone="(\w+)"/g)].map((match) => match[1])).toEqual(['blue', 'red', 'red']);
  });

  it('names each row action after its user, and cannot email a user without a mailbox', () => {
    const html = renderTable([user(), user({ id: 'rec-2', userDisplayName: 'Scanner', userEmail: 'scanner@contoso.com', reachable: false })]);
    expect(buttonNames(html)).toEqual([
      'Send expiration email to Ada King Lovelace',
      'Show details for Ada King Lovelace',
      'Scanner has no mailbox address',
      'Show details for Scanner',
    ]);
    expect(html).toMatch(/aria-label="Scanner has no mailbox address"[^>]*disabled=""|disabled=""[^>]*aria-label="Scanner has no mailbox address"/);
  });
});
