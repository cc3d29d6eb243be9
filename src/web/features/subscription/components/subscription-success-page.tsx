import { PageLayout } from '@/components/page-layout';

/** /subscription/success: where PayPal returns the buyer with ?subscription_id=… to activate. */
export function SubscriptionSuccessPage() {
  return <PageLayout title="Subscription Activation" />;
}
