import type { QueryClient, QueryKey } from '@tanstack/react-query';
export const dashboardStatsQueryKey = ['/api/dashboard-stats'] as const;
export const passwordExpirationsQueryKey = ['/api/password-expirations'] as const;
// Every audit query starts with this segment, so one invalidation refreshes the card and the log.
export const auditLogsQueryKey = ['/api/audit-logs'] as const;
// Owned by the header's connection badge: the same URL key, so a check refreshes what it shows.
const connectionStatusQueryKey = ['/api/connection-status'] as const;

/** What a password check changes: the counts, the users, the log and the connection state. */
export const checkResultQueryKeys: readonly QueryKey[] = [dashboardStatsQueryKey, passwordExpirationsQueryKey, auditLogsQueryKey, connectionStatusQueryKey];

export async function invalidateQueries(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
