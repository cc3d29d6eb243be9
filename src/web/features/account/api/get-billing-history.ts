import { useQuery } from '@tanstack/react-query';
import type { BillingHistoryItem } from '../../../../shared/api/billing';

export const billingHistoryQueryKey = ['/api/billing-history'] as const;

/** GET /api/billing-history: the organization's payments, newest first. */
export function useBillingHistory() {
  return useQuery<BillingHistoryItem[]>({ queryKey: billingHistoryQueryKey });
}
