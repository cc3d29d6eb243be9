import { CreditCardIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useUpdatePaymentMethod } from '../api/update-payment-method';

/**
 * Account Settings > Billing: the card or account PayPal charges is changed at PayPal. Only an
 * organization with a subscription has one (`subscribed`; undefined while its status loads).
 */
export function PaymentMethodCard({ subscribed = true }: { subscribed?: boolean | undefined }) {
  const update = useUpdatePaymentMethod();
  // Still true after success: the page stays until the browser has left for PayPal.
  const redirecting = update.isPending || update.isSuccess;

  function startUpdate() {
    update.mutate(undefined, {
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to initiate payment method update.') }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Payment Method</h2>
        </CardTitle>
        <CardDescription>
          {subscribed
            ? 'Your subscription is paid through PayPal. Change the card or bank account it charges on PayPal’s automatic payments page.'
            : 'This organization has no subscription, so there is no payment method. Subscribing on the Subscription page sets one up at PayPal.'}
        </CardDescription>
      </CardHeader>
      {subscribed && (
        <CardFooter>
          <Button variant="outline" onClick={startUpdate} disabled={redirecting}>
            {redirecting ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <CreditCardIcon aria-hidden />}
            Update Payment Method
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
