import { PageLayout } from '@/components/page-layout';

export function SubscriptionPage() {
  return <PageLayout title="Subscription" />;
}
