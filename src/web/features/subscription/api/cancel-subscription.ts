import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionChangeResponse, type SubscriptionChangeResponse } from '../../../../shared/api/billing';
import { requestJson } from '@/lib/api-client';
import { applySubscriptionChange } from '../utils/apply-subscription-change';

async function cancelSubscription(): Promise<SubscriptionChangeResponse> {
  return requestJson('POST', '/api/cancel-subscription', subscriptionChangeResponse);
}

/** POST /api/cancel-subscription: cancels at the end of the paid period (access continues until then). */
export function useCancelSubscription(onCancelled: (change: SubscriptionChangeResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // At the mutation level: the new status replaces the control that started it.
    onSuccess: async (change) => {
      await applySubscriptionChange(queryClient, change);
      onCancelled(change);
    },
  });
}
