import { useQuery } from '@tanstack/react-query';
import { adminSubscriptionsResponse } from '../../../../shared/api/admin';
import { getJson } from '@/lib/api-client';

const adminSubscriptionsQueryKey = ['/api/admin/subscriptions'] as const;

/** GET /api/admin/subscriptions: organizations whose status is active or trialing. */
export function useAdminSubscriptions() {
  return useQuery({
    queryKey: adminSubscriptionsQueryKey,
    queryFn: ({ signal }) => getJson('/api/admin/subscriptions', adminSubscriptionsResponse, signal),
  });
}
