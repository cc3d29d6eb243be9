import type { ComponentProps } from 'react';
import type { SubscriptionStatus } from '../../../../shared/domain/subscription-status';
import { subscriptionHeading } from '../../../../shared/domain/subscription-status';
import { Badge } from '@/components/ui/badge';

const VARIANTS: Record<SubscriptionStatus, ComponentProps<typeof Badge>['variant']> = {
  active: 'success',
  trialing: 'secondary',
  past_due: 'warning',
  incomplete: 'warning',
  incomplete_expired: 'outline',
  canceled: 'outline',
  none: 'outline',
};

/** An organization's subscription status, worded as on /subscription. */
export function SubscriptionStatusBadge({ status, cancelAtPeriodEnd = false }: { status: SubscriptionStatus; cancelAtPeriodEnd?: boolean }) {
  return (
    <Badge variant={VARIANTS[status]}>
      {subscriptionHeading(status)}
      {status === 'active' && cancelAtPeriodEnd && ' (cancelling)'}
    </Badge>
  );
}
