import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../../shared/api/account';
import { updateProfileBody } from '../../../../shared/api/auth';
import type { BillingHistoryItem } from '../../../../shared/api/billing';
import { validateForm } from '@/lib/form-errors';
import { buildAuthUser, buildTenant } from '../../../test-support/factories';
import { buttons, headings, hrefOf, renderHtml, textOf } from '../../../test-support/render-html';
import { billingHistoryQueryKey } from '../api/get-billing-history';
import { accountMailStatusQueryKey } from '../api/get-account-mail-status';
import { notificationPreferencesQueryKey } from '../api/get-notification-preferences';
import { AccountPage } from './account-page';
import { BillingHistoryCard } from './billing-history-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { PaymentMethodCard } from './payment-method-card';
import { profileValues } from './profile-form';

const tabNames = (html: string) => [...html.matchAll(/<button\b[^>]*role="tab"[^>]*>([\s\S]*?)<\/button>/g)].map((match) => textOf(match[1] ?? ''));

function inputValue(html: string, id: string): string | undefined {
  const input = new RegExp(`<input\\b[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return /value="([^"]*)"/.exec(input)?.[1];
}

function switchState(html: string, id: string): { checked: boolean; disabled: boolean } {
  const control = new RegExp(`<button\\b[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return { checked: control.includes('aria-checked="true"'), disabled: /\sdisabled=""/.test(control) };
}

describe('Account Settings', () => {
  const user = buildAuthUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@contoso.com' });
  const html = renderHtml(<AccountPage user={user} subscriptionSummary={<p>Subscription summary</p>} paymentMethodCard={<PaymentMethodCard />} />, {
    path: '/account',
    selected: buildTenant(),
  });

  it('has the four tabs, the way back to /dashboard and Logout', () => {
    expect(headings(html)).toContain('Account Settings');
    expect(tabNames(html)).toEqual(['Profile', 'Subscription', 'Billing', 'Notifications']);
    expect(hrefOf(html, 'Back to Dashboard')).toBe('/dashboard');
    expect(buttons(html)).toContain('Logout');
  });

  it('opens on the profile, filled in with the user', () => {
    expect(inputValue(html, 'profile-firstName')).toBe('Ada');
    expect(inputValue(html, 'profile-lastName')).toBe('Lovelace');
    expect(inputValue(html, 'profile-email')).toBe('ada@contoso.com');
    expect(buttons(html)).toContain('Save Changes');
    expect(buttons(html)).toContain('Delete Account');
  });
});

describe('profile form', () => {
  it('starts empty for missing names', () => {
    expect(profileValues({ firstName: null, lastName: null, email: null })).toEqual({ firstName: '', lastName: '', email: '' });
  });

  it('checks the values with the documented messages before saving', () => {
    expect(validateForm(updateProfileBody, { firstName: ' ', lastName: '', email: 'nope' })).toEqual({
      success: false,
      fieldErrors: { firstName: 'First name is required', lastName: 'Last name is required', email: 'Valid email is required' },
    });
  });
});

describe('Billing tab', () => {
  const payment = (overrides: Partial<BillingHistoryItem> = {}): BillingHistoryItem => ({
    id: 'pay-1',
    date: '2025-03-01T15:00:00Z',
    description: 'Passwatch Monthly plan, 3/1/2025 - 4/1/2025',
    amount: 35,
    currency: 'USD',
    status: 'paid',
    invoiceNumber: 'PW-2025-0001',
    invoiceUrl: '/api/download-invoice/pay-1',
    ...overrides,
  });

  it('lists payments with date, description, amount and an invoice opening in a new tab', () => {
    const html = renderHtml(<BillingHistoryCard />, {
      queryData: [
        [
          billingHistoryQueryKey,
          [
            payment(),
            payment({
              id: 'pay-0',
              date: '2025-02-01T15:00:00Z',
              amount: 365,
              status: 'refunded',
              invoiceNumber: 'PW-2025-0000',
              invoiceUrl: '/api/download-invoice/pay-0',
            }),
          ],
        ],
      ],
    });
    const text = textOf(html);
    expect(text).toContain('Date Description Amount Invoice');
    expect(text).toContain('3/1/2025 Passwatch Monthly plan, 3/1/2025 - 4/1/2025 $35.00 PW-2025-0001');
    expect(text).toContain('2/1/2025');
    expect(text).toContain('$365.00');
    expect(text).toContain('Refunded');
    expect(html).toMatch(/<a href="\/api\/download-invoice\/pay-1" target="_blank" rel="noopener noreferrer"/);
  });

  it('says when there are no payments', () => {
    expect(textOf(renderHtml(<BillingHistoryCard />, { queryData: [[billingHistoryQueryKey, []]] }))).toContain('No payments yet.');
  });

  it('offers to update the payment method', () => {
    expect(buttons(renderHtml(<PaymentMethodCard />))).toContain('Update Payment Method');
  });

  it('claims no PayPal payment for an organization without a subscription, and offers no update', () => {
    const html = renderHtml(<PaymentMethodCard subscribed={false} />);
    expect(textOf(html)).not.toContain('paid through PayPal');
    expect(textOf(html)).toContain('no subscription');
    expect(buttons(html)).not.toContain('Update Payment Method');
  });
});

describe('Notifications tab', () => {
  const ids = {
    emailNotifications: 'notification-emailNotifications',
    weeklyReports: 'notification-weeklyReports',
    securityAlerts: 'notification-securityAlerts',
    systemUpdates: 'notification-systemUpdates',
  } as const;

  it('shows the four toggles with the documented defaults, locked until the saved values arrive', () => {
    const html = renderHtml(<NotificationPreferencesCard />);
    for (const [key, id] of Object.entries(ids) as [keyof typeof ids, string][]) {
      expect(switchState(html, id)).toEqual({ checked: DEFAULT_NOTIFICATION_PREFERENCES[key], disabled: true });
    }
    expect(textOf(html)).toContain('Email Notifications');
    expect(textOf(html)).toContain('System Updates');
  });

  it("shows the user's saved values", () => {
    const saved = { emailNotifications: false, weeklyReports: true, securityAlerts: false, systemUpdates: true };
    const html = renderHtml(<NotificationPreferencesCard />, { queryData: [[notificationPreferencesQueryKey, saved]] });
    for (const [key, id] of Object.entries(ids) as [keyof typeof ids, string][]) {
      expect(switchState(html, id)).toEqual({ checked: saved[key], disabled: false });
    }
  });

  it('says beside the toggles when the server sends no account mail, and only then', () => {
    const notice = 'Account mail is off on this server';
    const off = renderHtml(<NotificationPreferencesCard />, { queryData: [[accountMailStatusQueryKey, { enabled: false }]] });
    expect(textOf(off)).toContain(notice);
    expect(textOf(off)).toContain('SMTP_URL');
    expect(textOf(renderHtml(<NotificationPreferencesCard />, { queryData: [[accountMailStatusQueryKey, { enabled: true }]] }))).not.toContain(notice);
  });
});
