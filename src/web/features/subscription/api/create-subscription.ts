import { useMutation } from '@tanstack/react-query';
import { createSubscriptionResponse, type CreateSubscriptionBody, type CreateSubscriptionResponse } from '../../../../shared/api/billing';
import { requestJson } from '@/lib/api-client';

async function createSubscription(body: CreateSubscriptionBody): Promise<CreateSubscriptionResponse> {
  return requestJson('POST', '/api/paypal/create-subscription', createSubscriptionResponse, body);
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
