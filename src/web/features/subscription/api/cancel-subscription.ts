import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '../../../../shared/api/billing';
import { apiRequest } from '@/lib/api-client';
import { applySubscriptionChange } from '../utils/apply-subscription-change';

export async function cancelSubscription(): Promise<SubscriptionChangeResponse> {
  const res = await apiRequest('POST', '/api/cancel-subscription');
  return (await res.json()) as SubscriptionChangeResponse;
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
