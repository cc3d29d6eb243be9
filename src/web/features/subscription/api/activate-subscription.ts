import { useMutation, useMutationState, useQueryClient, type MutationState } from '@tanstack/react-query';
import { subscriptionChangeResponse, type ActivateSubscriptionBody, type SubscriptionChangeResponse } from '../../../../shared/api/billing';
import { requestJson } from '@/lib/api-client';
import { applySubscriptionChange } from '../utils/apply-subscription-change';

export const activateSubscriptionMutationKey = ['activate-subscription'] as const;

export type ActivationState = MutationState<SubscriptionChangeResponse, Error, ActivateSubscriptionBody>;

export async function activateSubscription(body: ActivateSubscriptionBody): Promise<SubscriptionChangeResponse> {
  return requestJson('POST', '/api/paypal/activate-subscription', subscriptionChangeResponse, body);
}

/**
 * POST /api/paypal/activate-subscription: from PayPal's return or typed in Manual Activation.
 * The reactions run at the mutation level: activation refreshes the organization, and the page
 * that started it may be re-mounted meanwhile (its own callbacks would then be dropped).
 */
export function useActivateSubscription({
  onActivated,
  onFailed,
}: {
  onActivated?: (change: SubscriptionChangeResponse) => void;
  onFailed: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: activateSubscriptionMutationKey,
    mutationFn: activateSubscription,
    onSuccess: async (change) => {
      await applySubscriptionChange(queryClient, change);
      onActivated?.(change);
    },
    onError: onFailed,
  });
}

/** The latest activation of this PayPal subscription in this browser tab, if any. */
export function useLatestActivation(subscriptionId: string): ActivationState | undefined {
  const activations = useMutationState({
    filters: {
      mutationKey: activateSubscriptionMutationKey,
      predicate: (mutation) => (mutation.state.variables as ActivateSubscriptionBody | undefined)?.subscriptionId === subscriptionId,
    },
    select: (mutation) => mutation.state as ActivationState,
  });
  return activations.at(-1);
}
