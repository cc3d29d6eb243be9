import { Link } from 'wouter';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';

/** /subscription/cancel: where PayPal returns a buyer who backed out of the payment. */
export function SubscriptionCancelPage() {
  return (
    <PageLayout title="Subscription Cancelled" description="The subscription was not completed. No charges were made.">
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link href="/subscription">Try Again</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Back to Dashboard</Link>
        </Button>
      </div>
    </PageLayout>
  );
}
