import { useRef, useState, type FormEvent } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { navigate } from 'wouter/use-browser-location';
import { activateSubscriptionBody, billingMessages } from '../../../../shared/api/billing';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverFieldMessages, validateForm } from '@/lib/form-errors';
import { getErrorMessage } from '@/lib/error-message';
import { useActivateSubscription } from '../api/activate-subscription';
import { STEP_ACTIONS_CLASS, SubscriptionStepLayout } from './subscription-step-layout';

/** docs/product.md §Constants: the dashboard opens 2000 ms after a successful activation. */
const ACTIVATION_REDIRECT_DELAY_MS = 2000;

// Scheduled by the mutation, not the page: activation refreshes the organization, which can
// re-mount the page and would cancel a timer kept there.
function announceActivation() {
  toast({ title: 'Success', description: billingMessages.activated });
  setTimeout(() => navigate('/'), ACTIVATION_REDIRECT_DELAY_MS);
}

const reportFailure = (error: Error) =>
  toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to activate subscription.') });

/** /subscription/activate: manual entry of a PayPal subscription ID (docs/product.md §Screens and routes, §Validation). */
export function ActivateSubscriptionPage() {
  const [subscriptionId, setSubscriptionId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const activate = useActivateSubscription({ onActivated: announceActivation, onFailed: reportFailure });

  function showError(message: string) {
    setFieldError(message);
    input.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateForm(activateSubscriptionBody, { subscriptionId });
    if (!result.success) {
      const message = result.fieldErrors.subscriptionId ?? billingMessages.subscriptionIdRequired;
      showError(message);
      toast({ variant: 'destructive', title: 'Error', description: message });
      return;
    }
    activate.mutate(result.data, {
      onError: (error) => {
        const serverFieldError = serverFieldMessages(error).subscriptionId;
        if (serverFieldError) showError(serverFieldError);
      },
    });
  }

  const busy = activate.isPending || activate.isSuccess;
  return (
    <SubscriptionStepLayout title="Activate Subscription">
      <form noValidate onSubmit={handleSubmit} className="contents">
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h2 className="text-xl">Manual Activation</h2>
          </CardTitle>
          <CardDescription>
            Paid with PayPal but the subscription is not active? Enter the subscription ID from your PayPal confirmation email or your PayPal account under
            automatic payments.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField
            id="paypal-subscription-id"
            label="PayPal Subscription ID"
            hint="The ID usually starts with I- followed by letters and numbers, for example I-BW452GLLEP1G."
            error={fieldError}
          >
            {(control) => (
              <Input
                {...control}
                ref={input}
                value={subscriptionId}
                onChange={(event) => {
                  setSubscriptionId(event.target.value);
                  setFieldError(undefined);
                }}
                placeholder="I-XXXXXXXXXXXX"
                autoComplete="off"
                spellCheck={false}
                disabled={busy}
              />
            )}
          </FormField>
        </CardContent>
        <CardFooter className={STEP_ACTIONS_CLASS}>
          <Button type="submit" disabled={busy}>
            {activate.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            Activate Subscription
          </Button>
          {activate.isSuccess && (
            <p role="status" className="basis-full text-center text-sm text-muted-foreground">
              Subscription activated. Opening the dashboard…
            </p>
          )}
        </CardFooter>
      </form>
    </SubscriptionStepLayout>
  );
}
