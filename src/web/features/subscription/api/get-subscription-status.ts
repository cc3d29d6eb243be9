import { useQuery } from '@tanstack/react-query';
import { subscriptionStatusResponse } from '../../../../shared/api/billing';
import { getJson } from '@/lib/api-client';

export const subscriptionStatusQueryKey = ['/api/subscription-status'] as const;

/** docs/product.md §API: the subscription status may be reused for 30 s before it is fetched again. */
const SUBSCRIPTION_STATUS_STALE_MS = 30_000;

/** GET /api/subscription-status for the selected organization. */
export function useSubscriptionStatus() {
  return useQuery({
    queryKey: subscriptionStatusQueryKey,
    queryFn: ({ signal }) => getJson('/api/subscription-status', subscriptionStatusResponse, signal),
    staleTime: SUBSCRIPTION_STATUS_STALE_MS,
  });
}
