import { CalendarClockIcon, LoaderCircleIcon } from 'lucide-react';
import type { SubscriptionStatusResponse } from '../../../../shared/api/billing';
import { billingMessages } from '../../../../shared/api/billing';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { accessEndDate } from '../utils/subscription-state';

/** docs/product.md §States (cancel): shown while cancelAtPeriodEnd is set, with the way back. */
export function CancelScheduledAlert({ state }: { state: SubscriptionStatusResponse }) {
  // Once reactivated, the status hides this banner: the toast must not depend on it staying mounted.
  const reactivate = useReactivateSubscription(() => toast({ title: billingMessages.reactivated, description: 'Your subscription will renew as usual.' }));
  const endDate = accessEndDate(state);

  function reactivateSubscription() {
    reactivate.mutate(undefined, {
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to reactivate subscription.') }),
    });
  }

  return (
    <Alert role="status">
      <CalendarClockIcon aria-hidden />
      <AlertTitle>Cancellation scheduled</AlertTitle>
      <AlertDescription>
        <p>
          Your subscription is scheduled to cancel on {endDate ? formatDateUs(endDate) : 'the end of the current period'}. You can reactivate it before then.
        </p>
        <Button size="sm" className="mt-2" onClick={reactivateSubscription} disabled={reactivate.isPending}>
          {reactivate.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          Reactivate Subscription
        </Button>
      </AlertDescription>
    </Alert>
  );
}
