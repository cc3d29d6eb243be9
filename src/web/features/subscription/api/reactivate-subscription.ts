import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '../../../../shared/api/billing';
import { apiRequest } from '@/lib/api-client';
import { applySubscriptionChange } from '../utils/apply-subscription-change';

export async function reactivateSubscription(): Promise<SubscriptionChangeResponse> {
  const res = await apiRequest('POST', '/api/reactivate-subscription');
  return (await res.json()) as SubscriptionChangeResponse;
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
