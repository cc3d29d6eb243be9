import type { AuditStatus } from '../../../../shared/api/audit';
import { Badge } from '@/components/ui/badge';

const statusBadges: Record<AuditStatus, { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  success: { label: 'Success', variant: 'success' },
  warning: { label: 'Warning', variant: 'warning' },
  error: { label: 'Error', variant: 'destructive' },
};

export function AuditStatusBadge({ status }: { status: AuditStatus }) {
  const { label, variant } = statusBadges[status];
  return <Badge variant={variant}>{label}</Badge>;
}
