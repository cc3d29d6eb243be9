import { PaymentMethodCard } from '@/features/account/components/payment-method-card';
import { useSubscriptionStatus } from '@/features/subscription/api/get-subscription-status';

/** The Billing tab's payment method card, told whether the organization has a subscription (the two features meet here). */
export function AccountPaymentMethodCard() {
  const { data } = useSubscriptionStatus();
  return <PaymentMethodCard subscribed={data === undefined ? undefined : data.status !== 'none'} />;
}
