import { useMutation } from '@tanstack/react-query';
import type { UpdatePaymentMethodResponse } from '../../../../shared/api/billing';
import { apiRequest } from '@/lib/api-client';

export async function requestPaymentMethodUpdate(): Promise<UpdatePaymentMethodResponse> {
  const res = await apiRequest('POST', '/api/update-payment-method');
  return (await res.json()) as UpdatePaymentMethodResponse;
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
