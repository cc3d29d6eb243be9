import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { SubscriptionStatusCard } from './subscription-status-card';

/** Account Settings > Subscription: status, plan and date ('Trial Ends' for a trial), and the way to /subscription. */
export function SubscriptionSummary() {
  const { data: state, error } = useSubscriptionStatus();
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Unable to load the subscription</AlertTitle>
        <AlertDescription>{getErrorMessage(error, 'Please try again.')}</AlertDescription>
      </Alert>
    );
  }
  if (!state) return <Spinner label="Loading subscription" />;
  return (
    <div className="space-y-4">
      <SubscriptionStatusCard state={state} page="account" />
      <Button asChild>
        <Link href="/subscription">Manage Subscription</Link>
      </Button>
    </div>
  );
}
