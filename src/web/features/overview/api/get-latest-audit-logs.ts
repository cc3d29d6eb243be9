import { queryOptions, useQuery } from '@tanstack/react-query';
import { latestAuditLogsResponse } from '../../../../shared/api/audit';
import { getJson } from '@/lib/api-client';
import { auditLogsQueryKey } from './overview-query-keys';

/** docs/product.md §Constants: the dashboard asks for the latest 5 entries... */
export const RECENT_ACTIVITY_FETCHED = 5;
/** ...and the Recent Activity card shows the first 3 of them. */
export const RECENT_ACTIVITY_SHOWN = 3;

/** GET /api/audit-logs/5: the organization's latest entries, newest first. */
export const latestAuditLogsQuery = queryOptions({
  queryKey: [...auditLogsQueryKey, RECENT_ACTIVITY_FETCHED],
  queryFn: ({ signal }) => getJson(`/api/audit-logs/${RECENT_ACTIVITY_FETCHED}`, latestAuditLogsResponse, signal),
});

export function useLatestAuditLogs() {
  return useQuery(latestAuditLogsQuery);
}
