import { useMutation } from '@tanstack/react-query';
import { updatePaymentMethodResponse, type UpdatePaymentMethodResponse } from '../../../../shared/api/billing';
import { requestJson } from '@/lib/api-client';

async function requestPaymentMethodUpdate(): Promise<UpdatePaymentMethodResponse> {
  return requestJson('POST', '/api/update-payment-method', updatePaymentMethodResponse);
}

/**
 * POST /api/update-payment-method answers PayPal's automatic-payments page (PayPal has no API
 * to change a subscriber's funding source); the browser goes there.
 */
export function useUpdatePaymentMethod() {
  return useMutation({
    mutationFn: requestPaymentMethodUpdate,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
