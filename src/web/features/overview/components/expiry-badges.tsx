import type { BadgeTone, RowStatus } from '../../../../shared/domain/expiry-badge';
import { expiryBadge } from '../../../../shared/domain/expiry-badge';
import { Badge } from '@/components/ui/badge';

// Spec section 4: 1 day or less red, 2-3 yellow, more blue. Dark text on a light tint keeps AA contrast.
const toneClasses: Record<BadgeTone, string> = {
  red: 'border-transparent bg-red-100 text-red-800',
  yellow: 'border-transparent bg-yellow-100 text-yellow-900',
  blue: 'border-transparent bg-blue-100 text-blue-800',
};

export function ExpiryBadge({ daysUntilExpiry }: { daysUntilExpiry: number }) {
  const { text, tone } = expiryBadge(daysUntilExpiry);
  return (
    <Badge variant="outline" className={toneClasses[tone]} data-tone={tone}>
      {text}
    </Badge>
  );
}

const statusVariants: Record<RowStatus, 'success' | 'destructive' | 'secondary'> = {
  Notified: 'success',
  Expired: 'destructive',
  Pending: 'secondary',
};

export function RowStatusBadge({ status }: { status: RowStatus }) {
  return <Badge variant={statusVariants[status]}>{status}</Badge>;
}
