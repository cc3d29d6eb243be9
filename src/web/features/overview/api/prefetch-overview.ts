import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/api/paging';
import { DEFAULT_USERS_TABLE_VIEW } from '../utils/users-table-view';
import { dashboardStatsQuery } from './get-dashboard-stats';
import { latestAuditLogsQuery } from './get-latest-audit-logs';
import { type PasswordExpirationsRequest, passwordExpirationsPageQuery } from './get-password-expirations';

/** The users table's first request: its default view, page 1, no search (users-table-card.tsx opens on it). */
export const FIRST_USERS_TABLE_PAGE: PasswordExpirationsRequest = { ...DEFAULT_USERS_TABLE_VIEW, page: 1, pageSize: DEFAULT_PAGE_SIZE, search: '' };

/**
 * Starts the Overview's first requests (stat cards, Recent Activity, the users table's first page)
 * before its components mount, under the keys they read: they render with the answers instead of
 * asking after their first render (docs/architecture.md §Web performance).
 */
export function prefetchOverview(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(dashboardStatsQuery);
  void queryClient.prefetchQuery(latestAuditLogsQuery);
  void queryClient.prefetchQuery(passwordExpirationsPageQuery(FIRST_USERS_TABLE_PAGE));
}
