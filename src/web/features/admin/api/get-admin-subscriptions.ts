import { useQuery } from '@tanstack/react-query';
import type { AdminSubscription } from '../../../../shared/api/admin';

export const adminSubscriptionsQueryKey = ['/api/admin/subscriptions'] as const;

/** GET /api/admin/subscriptions: organizations whose status is active or trialing. */
export function useAdminSubscriptions() {
  return useQuery<AdminSubscription[]>({ queryKey: adminSubscriptionsQueryKey });
}
