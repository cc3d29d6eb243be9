import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** For a payment made at PayPal that has not reached the app (docs/product.md §Screens and routes). */
export function AlreadyPaidCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Already Paid</h2>
        </CardTitle>
        <CardDescription>
          Completed the payment with PayPal but the subscription is not active yet? Activate it with the PayPal subscription ID from your confirmation email.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link href="/account">View Account</Link>
        </Button>
        <Button asChild>
          <Link href="/subscription/activate">Activate Subscription</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
