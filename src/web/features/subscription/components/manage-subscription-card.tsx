import { useState } from 'react';
import { KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { SubscriptionStatusResponse } from '../../../../shared/api/billing';
import { billingMessages } from '../../../../shared/api/billing';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useCancelSubscription } from '../api/cancel-subscription';

/** Active subscribers: cancel at period end (after confirming) or activate another PayPal subscription by id. */
export function ManageSubscriptionCard({ state }: { state: SubscriptionStatusResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Manage Subscription</h2>
        </CardTitle>
        <CardDescription>Cancelling stops the renewal. Your organization keeps access until the end of the period it has paid for.</CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap gap-2">
        {/* Once cancellation is scheduled, the banner above offers to reactivate instead. */}
        {!state.cancelAtPeriodEnd && <CancelSubscriptionDialog periodEnd={state.currentPeriodEnd} />}
        <Button asChild variant="link">
          <Link href="/subscription/activate">
            <KeyRoundIcon aria-hidden />
            Manual Activation
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function CancelSubscriptionDialog({ periodEnd }: { periodEnd: string | null }) {
  const [open, setOpen] = useState(false);
  // Once cancelled, the status hides this dialog: the toast must not depend on it staying mounted.
  const cancel = useCancelSubscription(() => toast({ title: 'Success', description: billingMessages.cancelScheduled }));

  function confirmCancel() {
    cancel.mutate(undefined, {
      onSuccess: () => setOpen(false),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to cancel subscription.') }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="destructive">Cancel Subscription</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel your subscription?</DialogTitle>
          <DialogDescription>
            The subscription will not renew. Passwatch keeps working
            {periodEnd ? ` until ${formatDateUs(periodEnd)}` : ' until the end of the current period'}, and you can reactivate it before then.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cancel.isPending}>
              Keep Subscription
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirmCancel} disabled={cancel.isPending}>
            {cancel.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            Cancel Subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
