import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { buttons, headings, hrefOf, links, renderHtml, textOf } from '../../../test-support/render-html';
import { buildSubscriptionStatus } from '../test-support/subscription-factories';
import { activateSubscription, activateSubscriptionMutationKey } from '../api/activate-subscription';
import { subscriptionStatusQueryKey } from '../api/get-subscription-status';
import { ActivateSubscriptionPage } from './activate-subscription-page';
import { SubscriptionCancelPage } from './subscription-cancel-page';
import { SubscriptionSuccessPage } from './subscription-success-page';
import { SubscriptionSummary } from './subscription-summary';

afterEach(() => vi.unstubAllGlobals());

/** A query client whose mutation cache holds one activation, as the page would have left it. */
async function afterActivation(subscriptionId: string, answer: Response) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer));
  const queryClient = createQueryClient();
  const observer = new MutationObserver(queryClient, { mutationKey: activateSubscriptionMutationKey, mutationFn: activateSubscription });
  await observer.mutate({ subscriptionId }).catch(() => undefined);
  return queryClient;
}

describe('payment return page', () => {
  it('shows an activation this tab already made instead of starting another (the page can re-mount)', async () => {
    const queryClient = await afterActivation('I-BW452GLLEP1G', Response.json({ ...buildSubscriptionStatus(), message: 'ok' }));
    const html = renderHtml(<SubscriptionSuccessPage />, { path: '/subscription/success?subscription_id=I-BW452GLLEP1G', queryClient });
    expect(headings(html)).toContain('Subscription Activated');
    expect(textOf(html)).toContain('Your subscription has been activated successfully!');
    expect(hrefOf(html, 'Go to Dashboard')).toBe('/');
    expect(hrefOf(html, 'View Subscription')).toBe('/subscription');
  });

  it("shows the server's reason when the activation failed", async () => {
    const queryClient = await afterActivation('I-CANCELLED', new Response('{"message":"This PayPal subscription has been cancelled"}', { status: 400 }));
    const html = renderHtml(<SubscriptionSuccessPage />, { path: '/subscription/success?subscription_id=I-CANCELLED', queryClient });
    expect(headings(html)).toContain('Activation Failed');
    expect(textOf(html)).toContain('This PayPal subscription has been cancelled');
    expect(hrefOf(html, 'Manual Activation')).toBe('/subscription/activate');
  });

  it("ignores another subscription's activation", async () => {
    const queryClient = await afterActivation('I-OTHER', Response.json({ ...buildSubscriptionStatus(), message: 'ok' }));
    const html = renderHtml(<SubscriptionSuccessPage />, { path: '/subscription/success?subscription_id=I-BW452GLLEP1G', queryClient });
    expect(headings(html)).toContain('Processing');
  });

  it('shows Processing while the returned subscription is activated', () => {
    const html = renderHtml(<SubscriptionSuccessPage />, { path: '/subscription/success?subscription_id=I-BW452GLLEP1G&ba_token=BA-1' });
    expect(headings(html)).toContain('Processing');
    expect(links(html)).not.toContain('Go to Dashboard');
  });

  it('explains a return without a subscription id and offers the way on', () => {
    const html = renderHtml(<SubscriptionSuccessPage />, { path: '/subscription/success' });
    expect(headings(html)).toContain('Activation Failed');
    expect(hrefOf(html, 'Go to Dashboard')).toBe('/');
    expect(hrefOf(html, 'View Subscription')).toBe('/subscription');
    expect(hrefOf(html, 'Manual Activation')).toBe('/subscription/activate');
  });
});

describe('payment cancel page', () => {
  it('says nothing was charged and offers Try Again and Back to Dashboard', () => {
    const html = renderHtml(<SubscriptionCancelPage />, { path: '/subscription/cancel' });
    expect(headings(html)).toContain('Subscription Cancelled');
    expect(textOf(html)).toContain('No charges were made.');
    expect(hrefOf(html, 'Try Again')).toBe('/subscription');
    expect(hrefOf(html, 'Back to Dashboard')).toBe('/');
  });
});

describe('manual activation page', () => {
  it('asks for the PayPal subscription ID with the hint and a Back link', () => {
    const html = renderHtml(<ActivateSubscriptionPage />, { path: '/subscription/activate' });
    expect(headings(html)).toContain('Activate Subscription');
    expect(html).toMatch(/<label[^>]*for="paypal-subscription-id"[^>]*>PayPal Subscription ID<\/label>/);
    expect(html).toMatch(
      /<input[^>]*aria-describedby="paypal-subscription-id-hint"[^>]*id="paypal-subscription-id"|<input[^>]*id="paypal-subscription-id"[^>]*aria-describedby="paypal-subscription-id-hint"/,
    );
    expect(textOf(html)).toContain('usually starts with I- followed by letters and numbers');
    expect(hrefOf(html, 'Back')).toBe('/subscription');
    expect(buttons(html)).toContain('Activate Subscription');
  });
});

describe('the pages around a payment', () => {
  it.each([
    ['payment return', <SubscriptionSuccessPage key="success" />, '/subscription/success'],
    ['payment cancel', <SubscriptionCancelPage key="cancel" />, '/subscription/cancel'],
    ['manual activation', <ActivateSubscriptionPage key="activate" />, '/subscription/activate'],
  ])('%s: the normal header (Back to the subscription, Logout), the title centred', (_name, page, path) => {
    const html = renderHtml(page, { path });
    expect(hrefOf(html, 'Back')).toBe('/subscription');
    expect(buttons(html)).toContain('Logout');
    expect(html).toMatch(/<div class="[^"]*text-center[^"]*"><h1/);
  });
});

describe('account subscription summary', () => {
  it("labels a trial's date 'Trial Ends' and links to /subscription", () => {
    const html = renderHtml(<SubscriptionSummary />, {
      queryData: [[subscriptionStatusQueryKey, buildSubscriptionStatus({ status: 'trialing', plan: 'monthly', trialEnd: '2025-02-14T00:00:00Z' })]],
    });
    expect(headings(html)).toContain('Trial Period');
    expect(textOf(html)).toContain('Trial Ends 2/14/2025');
    expect(textOf(html)).toContain('Plan Monthly');
    expect(hrefOf(html, 'Manage Subscription')).toBe('/subscription');
  });

  it('labels an active subscription like /subscription does', () => {
    const html = renderHtml(<SubscriptionSummary />, {
      queryData: [[subscriptionStatusQueryKey, buildSubscriptionStatus({ status: 'active', currentPeriodEnd: '2025-04-01T10:00:00Z' })]],
    });
    expect(textOf(html)).toContain('Renews on 4/1/2025');
  });
});
