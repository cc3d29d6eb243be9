import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { selectedTenantStore } from '@/lib/tenant-store';
import { buildTenant } from '../../../test-support/factories';
import { buildSubscriptionStatus } from '../test-support/subscription-factories';
import { subscriptionStatusQueryKey } from './get-subscription-status';
import { shouldVerifySubscription, subscriptionVerificationQueryKey, verifySubscription } from './get-subscription-verification';

afterEach(() => {
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('verifySubscription', () => {
  it("asks the server for the selected organization and replaces the cached status with PayPal's answer", async () => {
    selectedTenantStore.setSelectedTenant(buildTenant({ id: 'tenant-9' }));
    const verified = buildSubscriptionStatus({ status: 'past_due' });
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ ...verified, verifiedAt: '2025-03-01T00:00:00Z' }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    client.setQueryData(subscriptionStatusQueryKey, buildSubscriptionStatus({ status: 'active' }));

    const answer = await client.fetchQuery({
      queryKey: subscriptionVerificationQueryKey,
      queryFn: (context) => verifySubscription(client, context),
    });

    expect(answer.verifiedAt).toBe('2025-03-01T00:00:00Z');
    expect(client.getQueryData(subscriptionStatusQueryKey)).toEqual(verified);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/subscription-verification');
    expect(init?.headers).toEqual({ 'x-tenant-id': 'tenant-9' });
  });

  it('leaves the cached status alone when verification fails', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('{"message":"PayPal could not be reached."}', { status: 502 })));
    const client = createQueryClient();
    const cached = buildSubscriptionStatus({ status: 'active' });
    client.setQueryData(subscriptionStatusQueryKey, cached);

    await expect(
      client.fetchQuery({ queryKey: subscriptionVerificationQueryKey, queryFn: (context) => verifySubscription(client, context) }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 502, body: { message: 'PayPal could not be reached.' } });
    expect(client.getQueryData(subscriptionStatusQueryKey)).toEqual(cached);
  });
});

describe('shouldVerifySubscription', () => {
  it('verifies only once a status other than none is known', () => {
    expect(shouldVerifySubscription(undefined)).toBe(false);
    expect(shouldVerifySubscription(buildSubscriptionStatus({ status: 'none', plan: null }))).toBe(false);
    expect(shouldVerifySubscription(buildSubscriptionStatus({ status: 'incomplete' }))).toBe(true);
    expect(shouldVerifySubscription(buildSubscriptionStatus({ status: 'active' }))).toBe(true);
  });
});
