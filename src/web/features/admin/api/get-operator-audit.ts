import { useQuery } from '@tanstack/react-query';
import { operatorAuditResponse } from '../../../../shared/api/admin';
import { getJson } from '@/lib/api-client';

export const operatorAuditQueryKey = ['/api/admin/audit-log'] as const;

/** GET /api/admin/audit-log: the latest operator actions, newest first. */
export function useOperatorAudit() {
  return useQuery({
    queryKey: operatorAuditQueryKey,
    queryFn: ({ signal }) => getJson('/api/admin/audit-log', operatorAuditResponse, signal),
  });
}
