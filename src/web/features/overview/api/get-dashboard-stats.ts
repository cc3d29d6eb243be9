import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema } from '../../../../shared/api/dashboard';
import { getJson } from '@/lib/api-client';
import { dashboardStatsQueryKey } from './overview-query-keys';

/** docs/product.md §API: the dashboard stats refetch every 30 s. */
const DASHBOARD_STATS_REFETCH_MS = 30_000;

/** GET /api/dashboard-stats: the stat cards, the automation status and the configuration status. */
export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardStatsQueryKey,
  queryFn: ({ signal }) => getJson('/api/dashboard-stats', dashboardStatsSchema, signal),
});

export function useDashboardStats() {
  return useQuery({ ...dashboardStatsQuery, refetchInterval: DASHBOARD_STATS_REFETCH_MS });
}
