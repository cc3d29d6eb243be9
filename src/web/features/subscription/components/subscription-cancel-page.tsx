import { CircleXIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { STEP_ACTIONS_CLASS, SubscriptionStepLayout } from './subscription-step-layout';

/** /subscription/cancel: where PayPal returns a buyer who backed out of the payment. */
export function SubscriptionCancelPage() {
  return (
    <SubscriptionStepLayout title="Subscription Cancelled">
      <CardHeader className="items-center text-center">
        <CircleXIcon className="size-6 text-muted-foreground" aria-hidden />
        <CardTitle asChild>
          <h2 className="text-xl">Payment not completed</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="text-center text-sm text-muted-foreground">
        <p>The subscription was not completed. No charges were made.</p>
      </CardContent>
      <CardFooter className={STEP_ACTIONS_CLASS}>
        <Button asChild>
          <Link href="/subscription">Try Again</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Back to Dashboard</Link>
        </Button>
      </CardFooter>
    </SubscriptionStepLayout>
  );
}
