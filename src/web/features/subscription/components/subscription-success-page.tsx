import { useEffect, useRef, type ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { billingMessages } from '../../../../shared/api/billing';
import { Button } from '@/components/ui/button';
import { CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useActivateSubscription, useLatestActivation } from '../api/activate-subscription';
import { STEP_ACTIONS_CLASS, SubscriptionStepLayout } from './subscription-step-layout';

const ACTIVATION_FAILED = 'Failed to activate subscription.';

const reportFailure = (error: Error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, ACTIVATION_FAILED) });

/** /subscription/success: PayPal returns the buyer with ?subscription_id=I-… to activate. */
export function SubscriptionSuccessPage() {
  const subscriptionId = new URLSearchParams(useSearch()).get('subscription_id')?.trim() ?? '';
  const { mutate } = useActivateSubscription({ onFailed: reportFailure });
  // The outcome is read from the mutation cache: activation refreshes the organization, which
  // can re-mount this page, and the new instance must neither forget nor repeat the activation.
  const activation = useLatestActivation(subscriptionId);
  // React runs effects twice in development, before the cache reports the first request.
  const requested = useRef(false);

  useEffect(() => {
    if (!subscriptionId || activation || requested.current) return;
    requested.current = true;
    mutate({ subscriptionId });
  }, [subscriptionId, activation, mutate]);

  const finished = !subscriptionId || activation?.status === 'success' || activation?.status === 'error';
  return (
    <SubscriptionStepLayout title="Subscription Activation" live>
      {!subscriptionId ? (
        <Outcome
          icon={<CircleAlertIcon className="size-6 text-destructive" aria-hidden />}
          heading="Activation Failed"
          text="PayPal did not return a subscription ID. If you completed the payment, activate it manually with the ID from your PayPal confirmation."
        />
      ) : activation?.status === 'success' ? (
        <Outcome icon={<CircleCheckIcon className="size-6 text-success" aria-hidden />} heading="Subscription Activated" text={billingMessages.activated} />
      ) : activation?.status === 'error' ? (
        <Outcome
          icon={<CircleAlertIcon className="size-6 text-destructive" aria-hidden />}
          heading="Activation Failed"
          text={getErrorMessage(activation.error, ACTIVATION_FAILED)}
        />
      ) : (
        <Outcome
          icon={<LoaderCircleIcon className="size-6 animate-spin text-muted-foreground" aria-hidden />}
          heading="Processing"
          text="Confirming your subscription with PayPal. This takes a few seconds."
        />
      )}
      {finished && (
        <CardFooter className={STEP_ACTIONS_CLASS}>
          <Button asChild>
            <Link href="/">Go to Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/subscription">View Subscription</Link>
          </Button>
          {activation?.status !== 'success' && (
            <Button asChild variant="outline">
              <Link href="/subscription/activate">Manual Activation</Link>
            </Button>
          )}
        </CardFooter>
      )}
    </SubscriptionStepLayout>
  );
}

function Outcome({ icon, heading, text }: { icon: ReactNode; heading: string; text: string }) {
  return (
    <>
      <CardHeader className="items-center text-center">
        {icon}
        <CardTitle asChild>
          <h2 className="text-xl">{heading}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="text-center text-sm text-muted-foreground">
        <p>{text}</p>
      </CardContent>
    </>
  );
}
