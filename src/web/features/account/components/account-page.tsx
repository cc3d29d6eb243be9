import type { ReactNode } from 'react';
import type { AuthUser } from '../../../../shared/api/auth';
import { BackToDashboardLink } from '@/components/back-to-dashboard-link';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCan } from '@/lib/member-role';
import { BillingHistoryCard } from './billing-history-card';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { ProfileForm } from './profile-form';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';

const accountTabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'billing', label: 'Billing' },
  { value: 'notifications', label: 'Notifications' },
] as const;

/**
 * /account (Account Settings). The Subscription tab's content and the payment method card (which
 * depends on the subscription) come from the app, since features do not import each other.
 */
export function AccountPage({
  user,
  subscriptionSummary,
  paymentMethodCard,
}: {
  user: AuthUser;
  subscriptionSummary: ReactNode;
  paymentMethodCard: ReactNode;
}) {
  // Billing (payments, invoices, the payment method) is the owner's.
  const isOwner = useCan('owner');
  const tabs = accountTabs.filter((tab) => tab.value !== 'billing' || isOwner);
  const panels: Record<(typeof accountTabs)[number]['value'], ReactNode> = {
    profile: (
      <div className="space-y-6">
        <ProfileForm user={user} />
        <SignOutEverywhereCard />
        <DataExportCard />
        <DeleteAccountCard />
      </div>
    ),
    subscription: subscriptionSummary,
    billing: (
      <div className="space-y-6">
        <BillingHistoryCard />
        {paymentMethodCard}
      </div>
    ),
    notifications: <NotificationPreferencesCard />,
  };

  return (
    <PageLayout
      title="Account Settings"
      description="Your profile, subscription, billing and notifications."
      actions={
        <>
          <BackToDashboardLink />
          <LogoutButton />
        </>
      }
    >
      <Tabs defaultValue="profile" className="max-w-3xl">
        <TabsList>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {panels[tab.value]}
          </TabsContent>
        ))}
      </Tabs>
    </PageLayout>
  );
}
