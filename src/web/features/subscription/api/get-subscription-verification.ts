import { useQuery, useQueryClient, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { subscriptionVerificationResponse, type SubscriptionStatusResponse, type SubscriptionVerificationResponse } from '../../../../shared/api/billing';
import { getJson } from '@/lib/api-client';
import { toSubscriptionStatus } from '../utils/subscription-state';
import { subscriptionStatusQueryKey } from './get-subscription-status';

export const subscriptionVerificationQueryKey = ['/api/subscription-verification'] as const;

/**
 * GET /api/subscription-verification re-reads the subscription from PayPal. Its answer replaces
 * the cached status, so every screen (and the dashboard gate) sees the verified state.
 */
export async function verifySubscription(queryClient: QueryClient, context: QueryFunctionContext): Promise<SubscriptionVerificationResponse> {
  const verified = await getJson('/api/subscription-verification', subscriptionVerificationResponse, context.signal);
  queryClient.setQueryData(subscriptionStatusQueryKey, toSubscriptionStatus(verified));
  return verified;
}

/**
 * docs/product.md §API: only when a status exists. An organization that never had a subscription
 * ('none') has nothing at PayPal to verify.
 */
export function shouldVerifySubscription(status: SubscriptionStatusResponse | undefined): boolean {
  return status !== undefined && status.status !== 'none';
}

export function useSubscriptionVerification(status: SubscriptionStatusResponse | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: subscriptionVerificationQueryKey,
    queryFn: (context) => verifySubscription(queryClient, context),
    enabled: shouldVerifySubscription(status),
  });
}
