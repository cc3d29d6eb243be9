import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { authUserQueryKey, tenantsQueryKey } from '@/lib/query-keys';
import { subscriptionStatusQueryKey } from '../api/get-subscription-status';
import { buildSubscriptionStatus } from '../test-support/subscription-factories';
import { applySubscriptionChange } from './apply-subscription-change';

describe('applySubscriptionChange', () => {
  it('caches the new status and marks the organization lists for refetching', async () => {
    const client = createQueryClient();
    client.setQueryData(subscriptionStatusQueryKey, buildSubscriptionStatus({ status: 'none', plan: null }));
    client.setQueryData(tenantsQueryKey, []);
    client.setQueryData(authUserQueryKey, { id: 'u1' });
    client.setQueryData(['/api/configuration'], {});

    const active = buildSubscriptionStatus({ status: 'active', plan: 'yearly' });
    await applySubscriptionChange(client, { ...active, message: 'Your subscription has been activated successfully!' });

    expect(client.getQueryData(subscriptionStatusQueryKey)).toEqual(active);
    expect(client.getQueryState(tenantsQueryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(authUserQueryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/configuration'])?.isInvalidated).toBe(false);
  });
});
