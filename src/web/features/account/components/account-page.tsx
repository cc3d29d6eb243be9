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
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <ProfileForm user={user} />
        <div className="grid grid-cols-1 gap-6">
          <SignOutEverywhereCard />
          <DataExportCard />
          <DeleteAccountCard />
        </div>
      </div>
    ),
    subscription: subscriptionSummary,
    billing: (
      <div className="grid grid-cols-1 gap-6">
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
      {/* The tabs take the page's width: a row of equal tabs (two by two on a phone). */}
      <Tabs defaultValue="profile">
        <TabsList className={`grid w-full grid-cols-2 ${tabs.length === 4 ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}>
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
