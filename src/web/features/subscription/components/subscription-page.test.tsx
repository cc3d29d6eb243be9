import { describe, expect, it } from 'vitest';
import type { SubscriptionStatusResponse } from '../../../../shared/api/billing';
import { buildTenant } from '../../../test-support/factories';
import { buttons, headings, hrefOf, links, renderHtml, textOf } from '../../../test-support/render-html';
import { subscriptionStatusQueryKey } from '../api/get-subscription-status';
import { buildSubscriptionStatus } from '../test-support/subscription-factories';
import { SubscriptionPage } from './subscription-page';

const contoso = buildTenant({ name: 'Contoso' });
const user = { email: 'ada@contoso.com', firstName: 'Ada', lastName: 'Lovelace' };

function renderPage(state: SubscriptionStatusResponse | undefined): string {
  return renderHtml(
    <SubscriptionPage user={user} organizationSwitcher={<button type="button">Switch organization</button>} paymentMethodCard={<h2>Payment Method</h2>} />,
    {
      path: '/subscription',
      selected: contoso,
      queryData: state ? [[subscriptionStatusQueryKey, state]] : [],
    },
  );
}

describe('/subscription', () => {
  it('waits for the status', () => {
    const html = renderPage(undefined);
    expect(textOf(html)).toContain('Loading subscription');
    expect(headings(html)).not.toContain('Need Help');
  });

  it.each([
    ['active', 'Active Subscription'],
    ['past_due', 'Payment Past Due'],
    ['canceled', 'Canceled'],
    ['incomplete', 'Payment Required'],
    ['incomplete_expired', 'Payment Required (Expired)'],
    ['trialing', 'Trial Period'],
    ['none', 'No Subscription'],
  ] as const)('heads a %s status "%s"', (status, heading) => {
    expect(headings(renderPage(buildSubscriptionStatus({ status })))).toContain(heading);
  });

  it('names the organization whose subscription it is', () => {
    expect(textOf(renderPage(buildSubscriptionStatus()))).toContain('Plan and billing for Contoso');
  });

  it.each(['none', 'incomplete', 'incomplete_expired', 'canceled', 'trialing'] as const)('offers both plans, each with a select step, for %s', (status) => {
    const html = renderPage(buildSubscriptionStatus({ status }));
    expect(headings(html)).toEqual(expect.arrayContaining(['Monthly', 'Yearly']));
    expect(buttons(html).filter((name) => name === 'Select Plan')).toHaveLength(2);
    // Paying is the second step.
    expect(buttons(html)).not.toContain('Pay with PayPal');
  });

  it('shows the prices and features of docs/product.md §Constants', () => {
    const text = textOf(renderPage(buildSubscriptionStatus({ status: 'none', plan: null })));
    expect(text).toContain('$35.00 per month');
    expect(text).toContain('$365.00 per year');
    expect(text).toContain('about $30 per month');
    expect(text).toContain('Save $55');
    expect(text).toContain('Priority support');
    for (const feature of [
      'Password expiration monitoring',
      'Customizable email notifications',
      'Full Microsoft 365 integration',
      'Audit logs and reporting',
    ]) {
      expect(text).toContain(feature);
    }
  });

  it('offers a past-due subscriber a new payment method, not a second plan', () => {
    const html = renderPage(buildSubscriptionStatus({ status: 'past_due', currentPeriodEnd: '2025-04-01T10:00:00Z' }));
    expect(headings(html)).toContain('Payment Method');
    expect(headings(html)).not.toContain('Choose Your Plan');
    expect(buttons(html)).not.toContain('Select Plan');
    expect(textOf(html)).toContain('keeps retrying');
  });

  it('says a cancelled subscription has no access, and no end date still to come', () => {
    const text = textOf(renderPage(buildSubscriptionStatus({ status: 'canceled', plan: 'yearly', subscriptionEndsAt: '2999-11-23T12:00:00Z' })));
    expect(text).toContain('access has ended');
    expect(text).not.toContain('Access ends');
    expect(text).not.toContain('2999');
  });

  it('invites a trial to upgrade', () => {
    const html = renderPage(buildSubscriptionStatus({ status: 'trialing', trialEnd: '2025-02-14T00:00:00Z' }));
    expect(headings(html)).toContain('Upgrade to Paid Plan');
    expect(headings(html)).not.toContain('Already Paid');
  });

  it('lets an active subscriber manage the subscription but not buy another', () => {
    const html = renderPage(buildSubscriptionStatus({ status: 'active', currentPeriodEnd: '2025-04-01T10:00:00Z' }));
    expect(headings(html)).toContain('Manage Subscription');
    expect(buttons(html)).toContain('Cancel Subscription');
    expect(hrefOf(html, 'Manual Activation')).toBe('/subscription/activate');
    expect(buttons(html)).not.toContain('Select Plan');
    expect(headings(html)).not.toContain('Already Paid');
    expect(textOf(html)).toContain('Renews on 4/1/2025');
    expect(links(html)).toContain('Back to Dashboard');
  });

  it.each(['incomplete', 'none', 'past_due', 'canceled'] as const)('offers the Already Paid card for %s', (status) => {
    const html = renderPage(buildSubscriptionStatus({ status }));
    expect(headings(html)).toContain('Already Paid');
    expect(hrefOf(html, 'View Account')).toBe('/account');
    expect(hrefOf(html, 'Activate Subscription')).toBe('/subscription/activate');
    // The dashboard would send them straight back.
    expect(links(html)).not.toContain('Back to Dashboard');
  });

  it.each(['active', 'none', 'trialing'] as const)('always offers help (%s)', (status) => {
    const html = renderPage(buildSubscriptionStatus({ status }));
    expect(headings(html)).toContain('Need Help');
    expect(hrefOf(html, 'Account Settings')).toBe('/account');
  });

  it('offers Contact Support as a mailto link when the server names an address', () => {
    const html = renderHtml(<SubscriptionPage user={user} organizationSwitcher={null} />, {
      selected: contoso,
      queryData: [
        [subscriptionStatusQueryKey, buildSubscriptionStatus({ status: 'none' })],
        [['/api/app-info'], { demoMode: false, adminHint: null, simulatedMailboxUrl: null, supportEmail: 'help@passwatch.app' }],
      ],
    });
    expect(hrefOf(html, 'Contact Support')).toBe('mailto:help@passwatch.app');
  });

  it('announces a scheduled cancellation with its date and offers to reactivate', () => {
    const html = renderPage(
      buildSubscriptionStatus({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: '2025-04-01T10:00:00Z', subscriptionEndsAt: null }),
    );
    expect(textOf(html)).toContain('Your subscription is scheduled to cancel on 4/1/2025. You can reactivate it before then.');
    expect(buttons(html)).toContain('Reactivate Subscription');
    // Already cancelling: no second cancel.
    expect(buttons(html)).not.toContain('Cancel Subscription');
    expect(textOf(html)).toContain('Access ends 4/1/2025');
  });

  it('shows no cancellation banner otherwise', () => {
    const html = renderPage(buildSubscriptionStatus({ status: 'active' }));
    expect(buttons(html)).not.toContain('Reactivate Subscription');
    expect(textOf(html)).not.toContain('scheduled to cancel');
  });

  it('shows the plan and the date label by status', () => {
    const text = textOf(renderPage(buildSubscriptionStatus({ status: 'canceled', plan: 'yearly', subscriptionEndsAt: '2025-06-30T12:00:00Z' })));
    expect(text).toContain('Plan Yearly');
    expect(text).toContain('Access ended 6/30/2025');
  });
});
