import { useQuery } from '@tanstack/react-query';
import { adminStatsResponse } from '../../../../shared/api/admin';
import { getJson } from '@/lib/api-client';

export const adminStatsQueryKey = ['/api/admin/stats'] as const;

/** docs/product.md §API: admin stats may be reused for 60 s. */
const ADMIN_STATS_STALE_MS = 60_000;

/** GET /api/admin/stats: users, active subscriptions, trial users and MRR in USD. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminStatsQueryKey,
    queryFn: ({ signal }) => getJson('/api/admin/stats', adminStatsResponse, signal),
    staleTime: ADMIN_STATS_STALE_MS,
  });
}
