import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '../../../../shared/api/audit';
import { apiRequest } from '@/lib/api-client';
import { auditLogsQueryKey } from './overview-query-keys';

export async function fetchAuditLogPage(page: number, pageSize: number): Promise<AuditLogPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  const res = await apiRequest('GET', `/api/audit-logs?${query.toString()}`);
  return (await res.json()) as AuditLogPage;
}

/**
 * GET /api/audit-logs?page=&pageSize=: one page of the full history, newest first. The previous
 * page stays on screen while the next one loads, so the table does not jump.
 */
export function useAuditLogPage({ page, pageSize, enabled }: { page: number; pageSize: number; enabled: boolean }) {
  return useQuery({
    queryKey: [...auditLogsQueryKey, { page, pageSize }],
    queryFn: () => fetchAuditLogPage(page, pageSize),
    placeholderData: keepPreviousData,
    enabled,
  });
}
