import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/api/admin';

export const adminStatsQueryKey = ['/api/admin/stats'] as const;

/** docs/product.md §API: admin stats may be reused for 60 s. */
export const ADMIN_STATS_STALE_MS = 60_000;

/** GET /api/admin/stats: users, active subscriptions, trial users and MRR in USD. */
export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: adminStatsQueryKey, staleTime: ADMIN_STATS_STALE_MS });
}
