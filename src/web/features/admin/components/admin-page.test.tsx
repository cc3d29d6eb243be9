import { describe, expect, it } from 'vitest';
import type { AdminSubscription, AdminUser, OperatorAuditEntry } from '../../../../shared/api/admin';
import { buttons, headings, hrefOf, renderHtml, textOf } from '../../../test-support/render-html';
import { adminStatsQueryKey } from '../api/get-admin-stats';
import { AdminPage } from './admin-page';
import { AdminSubscriptionsTable } from './admin-subscriptions-tab';
import { AdminUsersTable } from './admin-users-tab';
import { OperatorAuditTable } from './operator-audit-card';

const tabNames = (html: string) => [...html.matchAll(/<button\b[^>]*role="tab"[^>]*>([\s\S]*?)<\/button>/g)].map((match) => textOf(match[1] ?? ''));

const organization = {
  id: 'org-1',
  name: 'Contoso',
  domain: 'contoso.com',
  subscriptionStatus: 'active' as const,
  subscriptionPlan: 'yearly' as const,
  currentPeriodEnd: '2026-01-15T00:00:00Z',
  cancelAtPeriodEnd: false,
  paypalSubscriptionId: 'I-BW452GLLEP1G',
};

describe('Admin Dashboard', () => {
  it('has the three tabs and the Export Users, Logout and Back to Dashboard buttons', () => {
    const html = renderHtml(<AdminPage />, { path: '/admin' });
    expect(headings(html)).toContain('Admin Dashboard');
    expect(tabNames(html)).toEqual(['Overview', 'Users', 'Subscriptions']);
    expect(buttons(html)).toEqual(expect.arrayContaining(['Export Users', 'Logout']));
    expect(hrefOf(html, 'Back to Dashboard')).toBe('/dashboard');
  });

  it('opens on the overview: counts, and monthly revenue in USD', () => {
    const html = renderHtml(<AdminPage />, {
      queryData: [[adminStatsQueryKey, { totalUsers: 1234, activeSubscriptions: 17, trialUsers: 3, monthlyRevenue: 625.42 }]],
    });
    const text = textOf(html);
    expect(headings(html)).toEqual(expect.arrayContaining(['Total Users', 'Active Subscriptions', 'Trial Users', 'Monthly Revenue']));
    expect(text).toContain('Total Users 1,234');
    expect(text).toContain('Active Subscriptions 17');
    expect(text).toContain('Trial Users 3');
    expect(text).toContain('Monthly Revenue $625.42');
  });
});

describe('users table', () => {
  it('lists each user with their organizations and subscription status', () => {
    const users: AdminUser[] = [
      {
        id: 'u1',
        email: 'ada@contoso.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        createdAt: '2025-01-15T10:00:00Z',
        tenants: [
          { ...organization, role: 'owner' },
          { ...organization, id: 'org-2', name: 'Fabrikam', subscriptionStatus: 'none', subscriptionPlan: null, role: 'admin' },
        ],
      },
      { id: 'u2', email: 'grace@example.com', firstName: null, lastName: null, createdAt: '2025-02-01T00:00:00Z', tenants: [] },
    ];
    const text = textOf(renderHtml(<AdminUsersTable users={users} />));
    expect(text).toContain('Name Email Organizations Joined');
    expect(text).toContain('Ada Lovelace ada@contoso.com Contoso Active Subscription Fabrikam No Subscription 1/15/2025');
    expect(text).toContain('— grace@example.com None 2/1/2025');
  });

  it('says when no user matches', () => {
    expect(textOf(renderHtml(<AdminUsersTable users={[]} />))).toBe('No users match your search.');
  });
});

describe('subscriptions table', () => {
  it('lists organizations with owners, status, plan, period end and revenue', () => {
    const subscriptions: AdminSubscription[] = [
      { ...organization, ownerEmails: ['ada@contoso.com'], monthlyRevenue: 30.42, cancelAtPeriodEnd: true },
      {
        ...organization,
        id: 'org-3',
        name: 'Tailspin',
        domain: 'tailspin.com',
        subscriptionStatus: 'trialing',
        subscriptionPlan: 'monthly',
        currentPeriodEnd: null,
        ownerEmails: [],
        monthlyRevenue: 0,
      },
    ];
    const text = textOf(renderHtml(<AdminSubscriptionsTable subscriptions={subscriptions} />));
    expect(text).toContain('Contoso contoso.com ada@contoso.com Active Subscription (cancelling) Yearly 1/15/2026 $30.42');
    expect(text).toContain('Tailspin tailspin.com — Trial Period Monthly — $0.00');
  });
});

describe('operator audit log', () => {
  it('lists admin sign-ins and exports with who (address, issuer and subject), when in UTC, and from where', () => {
    const entries: OperatorAuditEntry[] = [
      {
        id: 'e2',
        action: 'users_export',
        issuer: 'https://idp.test',
        subject: 'op-1',
        email: 'ops@passwatch.test',
        ipAddress: '203.0.113.7',
        createdAt: '2025-06-10T12:05:00Z',
      },
      {
        id: 'e1',
        action: 'admin_sign_in',
        issuer: 'https://login.test/tid/v2.0',
        subject: 'oid-1',
        email: null,
        ipAddress: null,
        createdAt: '2025-06-10T12:00:00Z',
      },
    ];
    const text = textOf(renderHtml(<OperatorAuditTable entries={entries} />));
    expect(text).toContain('When Action Operator IP Address');
    expect(text).toContain('6/10/2025, 12:05 PM UTC User list export ops@passwatch.test https://idp.test · op-1 203.0.113.7');
    expect(text).toContain('6/10/2025, 12:00 PM UTC Admin sign-in oid-1 https://login.test/tid/v2.0 · oid-1 —');
  });

  it('says when there is nothing yet', () => {
    expect(textOf(renderHtml(<OperatorAuditTable entries={[]} />))).toBe('No operator activity yet.');
  });
});
