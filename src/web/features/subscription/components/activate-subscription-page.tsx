import { PageLayout } from '@/components/page-layout';

/** /subscription/activate: manual entry of a PayPal subscription ID. */
export function ActivateSubscriptionPage() {
  return <PageLayout title="Activate Subscription" />;
}
