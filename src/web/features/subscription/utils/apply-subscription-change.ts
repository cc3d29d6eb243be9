import type { QueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '../../../../shared/api/billing';
import { authUserQueryKey, tenantsQueryKey } from '@/lib/query-keys';
import { subscriptionStatusQueryKey } from '../api/get-subscription-status';
import { toSubscriptionStatus } from './subscription-state';

/**
 * After activation, cancellation or reactivation: the answer is the new status, so it is cached
 * as is (the dashboard gate reads it at once); the organization lists carry the status too and
 * are fetched again.
 */
export async function applySubscriptionChange(queryClient: QueryClient, change: SubscriptionChangeResponse): Promise<void> {
  queryClient.setQueryData(subscriptionStatusQueryKey, toSubscriptionStatus(change));
  await Promise.all([queryClient.invalidateQueries({ queryKey: tenantsQueryKey }), queryClient.invalidateQueries({ queryKey: authUserQueryKey })]);
}
