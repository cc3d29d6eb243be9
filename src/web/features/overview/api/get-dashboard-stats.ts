import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../shared/api/dashboard';
import { dashboardStatsQueryKey } from './overview-query-keys';

/** docs/product.md §API: the dashboard stats refetch every 30 s. */
export const DASHBOARD_STATS_REFETCH_MS = 30_000;

/** GET /api/dashboard-stats: the stat cards, the automation status and the configuration status. */
export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: dashboardStatsQueryKey, refetchInterval: DASHBOARD_STATS_REFETCH_MS });
}
