import type { ReactNode } from 'react';
import type { AuthUser } from '../../../../shared/api/auth';
import { BackToDashboardLink } from '@/components/back-to-dashboard-link';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BillingHistoryCard } from './billing-history-card';
import { DeleteAccountCard } from './delete-account-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { PaymentMethodCard } from './payment-method-card';
import { ProfileForm } from './profile-form';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';

const accountTabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'billing', label: 'Billing' },
  { value: 'notifications', label: 'Notifications' },
] as const;

/**
 * /account (Account Settings). The Subscription tab's content comes from the subscription
 * feature, passed in by the app, since features do not import each other.
 */
export function AccountPage({ user, subscriptionSummary }: { user: AuthUser; subscriptionSummary: ReactNode }) {
  const panels: Record<(typeof accountTabs)[number]['value'], ReactNode> = {
    profile: (
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <ProfileForm user={user} />
        <div className="grid grid-cols-1 gap-6">
          <SignOutEverywhereCard />
          <DeleteAccountCard />
        </div>
      </div>
    ),
    subscription: subscriptionSummary,
    billing: (
      <div className="grid grid-cols-1 gap-6">
        <BillingHistoryCard />
        <PaymentMethodCard />
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
      {/* The tabs take the page's width: a row of four equal tabs (two by two on a phone). */}
      <Tabs defaultValue="profile">
        <TabsList className="grid w-full grid-cols-2 sm:grid-cols-4">
          {accountTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {accountTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {panels[tab.value]}
          </TabsContent>
        ))}
      </Tabs>
    </PageLayout>
  );
}
