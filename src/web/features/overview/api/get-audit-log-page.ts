import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogPageResponse, type AuditLogPage } from '../../../../shared/api/audit';
import { getJson } from '@/lib/api-client';
import { auditLogsQueryKey } from './overview-query-keys';

async function fetchAuditLogPage(page: number, pageSize: number, signal?: AbortSignal): Promise<AuditLogPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return getJson(`/api/audit-logs?${query.toString()}`, auditLogPageResponse, signal);
}

/**
 * GET /api/audit-logs?page=&pageSize=: one page of the full history, newest first. The previous
 * page stays on screen while the next one loads, so the table does not jump.
 */
export function useAuditLogPage({ page, pageSize, enabled }: { page: number; pageSize: number; enabled: boolean }) {
  return useQuery({
    queryKey: [...auditLogsQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => fetchAuditLogPage(page, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
