import { useMutation } from '@tanstack/react-query';
import type { CreateSubscriptionBody, CreateSubscriptionResponse } from '../../../../shared/api/billing';
import { apiRequest } from '@/lib/api-client';

export async function createSubscription(body: CreateSubscriptionBody): Promise<CreateSubscriptionResponse> {
  const res = await apiRequest('POST', '/api/paypal/create-subscription', body);
  return (await res.json()) as CreateSubscriptionResponse;
}

/**
 * POST /api/paypal/create-subscription, then the browser leaves for PayPal's approval page.
 * PayPal sends it back to /subscription/success or /subscription/cancel.
 */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: ({ approvalUrl }) => {
      window.location.href = approvalUrl;
    },
  });
}
