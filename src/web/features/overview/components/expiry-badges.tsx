import type { EmailDelivery } from '../../../../shared/api/notifications';
import type { BadgeTone, RowStatus } from '../../../../shared/domain/expiry-badge';
import { expiryBadge } from '../../../../shared/domain/expiry-badge';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { deliveryLabel } from '../utils/users-table-view';

// docs/product.md §States: 1 day or less red, 2-3 yellow, more blue. Dark text on a light tint keeps AA contrast.
const toneClasses: Record<BadgeTone, string> = {
  red: 'border-transparent bg-red-100 text-red-800',
  yellow: 'border-transparent bg-yellow-100 text-yellow-900',
  blue: 'border-transparent bg-blue-100 text-blue-800',
};

/** Days left; a password without a date shows 'No date' (the Reason column says why). */
export function ExpiryBadge({ daysUntilExpiry }: { daysUntilExpiry: number | null }) {
  if (daysUntilExpiry === null) return <Badge variant="outline">No date</Badge>;
  const { text, tone } = expiryBadge(daysUntilExpiry);
  return (
    <Badge variant="outline" className={toneClasses[tone]} data-tone={tone}>
      {text}
    </Badge>
  );
}

const statusVariants: Record<RowStatus, 'success' | 'destructive' | 'secondary' | 'outline'> = {
  Notified: 'success',
  Expired: 'destructive',
  Pending: 'secondary',
  'Not applicable': 'outline',
};

export function RowStatusBadge({ status }: { status: RowStatus }) {
  return <Badge variant={statusVariants[status]}>{status}</Badge>;
}

const deliveryVariants: Record<EmailDelivery['state'], 'success' | 'destructive' | 'secondary' | 'warning'> = {
  queued: 'secondary',
  sending: 'secondary',
  sent: 'success',
  failed: 'destructive',
  deferred: 'warning',
};

/**
 * Where the latest reminder stands. Its error (why it failed or waits) shows on hover and on
 * keyboard focus, and is the badge's description for screen readers.
 */
export function DeliveryBadge({ delivery }: { delivery: EmailDelivery }) {
  const badge = (
    <Badge variant={deliveryVariants[delivery.state]} data-delivery={delivery.state}>
      {deliveryLabel(delivery.state)}
    </Badge>
  );
  if (delivery.error === null) return badge;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="inline-flex cursor-help rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {badge}
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs whitespace-normal">
        {delivery.error}
        {delivery.errorCode && ` (${delivery.errorCode})`}
      </TooltipContent>
    </Tooltip>
  );
}
