import { type ReactNode, useDeferredValue } from 'react';
import { Redirect } from 'wouter';
import { requiresSubscription } from '../../../../shared/domain/subscription-status';
import { PageSpinner } from '@/components/ui/spinner';
import { useSubscriptionStatus } from '../api/get-subscription-status';

/**
 * docs/product.md §Screens and routes: / and /dashboard show a spinner while the subscription status loads, then send
 * an organization without an active subscription to /subscription. A status that cannot be read
 * counts as missing; /subscription then shows the error and a way to retry.
 *
 * The page behind the gate is mounted in a deferred render once the status has come: React
 * renders it in slices, yielding to the browser between them, instead of in one long task
 * (docs/architecture.md §Web performance). The spinner stays until that render is done.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const { data, isPending, isError } = useSubscriptionStatus();
  const settled = useDeferredValue(!isPending);
  if (isPending || !settled) return <PageSpinner label="Checking subscription" />;
  if (isError || requiresSubscription(data.status)) return <Redirect to="/subscription" replace />;
  return children;
}
