import { useQuery } from '@tanstack/react-query';
import { billingHistoryResponse } from '../../../../shared/api/billing';
import { getJson } from '@/lib/api-client';

export const billingHistoryQueryKey = ['/api/billing-history'] as const;

/** GET /api/billing-history: the organization's payments, newest first. */
export function useBillingHistory() {
  return useQuery({
    queryKey: billingHistoryQueryKey,
    queryFn: ({ signal }) => getJson('/api/billing-history', billingHistoryResponse, signal),
  });
}
