import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { requiresSubscription } from '../../../../shared/domain/subscription-status';
import { PageSpinner } from '@/components/ui/spinner';
import { useSubscriptionStatus } from '../api/get-subscription-status';

/**
 * docs/product.md §Screens and routes: / and /dashboard show a spinner while the subscription status loads, then send
 * an organization without an active subscription to /subscription. A status that cannot be read
 * counts as missing; /subscription then shows the error and a way to retry.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const { data, isPending, isError } = useSubscriptionStatus();
  if (isPending) return <PageSpinner label="Checking subscription" />;
  if (isError || requiresSubscription(data.status)) return <Redirect to="/subscription" replace />;
  return children;
}
