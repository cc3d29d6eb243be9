import { useQuery } from '@tanstack/react-query';
import { subscriptionStatusResponse } from '../../../../shared/api/billing';
import { getJson } from '@/lib/api-client';
import { useTenantContext } from '@/lib/tenant-context';

export const subscriptionStatusQueryKey = ['/api/subscription-status'] as const;

/** docs/product.md §API: the subscription status may be reused for 30 s before it is fetched again. */
const SUBSCRIPTION_STATUS_STALE_MS = 30_000;

/** GET /api/subscription-status for the selected organization; not asked while none is selected (the server could only answer 400). */
export function useSubscriptionStatus() {
  const { selectedTenantId } = useTenantContext();
  return useQuery({
    enabled: selectedTenantId !== null,
    queryKey: subscriptionStatusQueryKey,
    queryFn: ({ signal }) => getJson('/api/subscription-status', subscriptionStatusResponse, signal),
    staleTime: SUBSCRIPTION_STATUS_STALE_MS,
  });
}
