import { useQuery } from '@tanstack/react-query';
import type { OperatorAuditEntry } from '../../../../shared/api/admin';

export const operatorAuditQueryKey = ['/api/admin/audit-log'] as const;

/** GET /api/admin/audit-log: the latest operator actions, newest first. */
export function useOperatorAudit() {
  return useQuery<OperatorAuditEntry[]>({ queryKey: operatorAuditQueryKey });
}
