import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionChangeResponse, type SubscriptionChangeResponse } from '../../../../shared/api/billing';
import { requestJson } from '@/lib/api-client';
import { applySubscriptionChange } from '../utils/apply-subscription-change';

async function reactivateSubscription(): Promise<SubscriptionChangeResponse> {
  return requestJson('POST', '/api/reactivate-subscription', subscriptionChangeResponse);
}

/** POST /api/reactivate-subscription: undoes a scheduled cancellation before the period ends. */
export function useReactivateSubscription(onReactivated: (change: SubscriptionChangeResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    // At the mutation level: the new status replaces the control that started it.
    onSuccess: async (change) => {
      await applySubscriptionChange(queryClient, change);
      onReactivated(change);
    },
  });
}
