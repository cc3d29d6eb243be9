import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { AccountPage } from '@/features/account/components/account-page';
import { PaymentMethodCard } from '@/features/account/components/payment-method-card';
import { AdminPage } from '@/features/admin/components/admin-page';
import { useAuth } from '@/features/auth/api/get-auth-user';
import { LandingPage } from '@/features/landing/components/landing-page';
import { ActivateSubscriptionPage } from '@/features/subscription/components/activate-subscription-page';
import { SubscriptionCancelPage } from '@/features/subscription/components/subscription-cancel-page';
import { SubscriptionGate } from '@/features/subscription/components/subscription-gate';
import { SubscriptionPage } from '@/features/subscription/components/subscription-page';
import { SubscriptionSuccessPage } from '@/features/subscription/components/subscription-success-page';
import { SubscriptionSummary } from '@/features/subscription/components/subscription-summary';
import { OrganizationSwitcher } from '@/features/tenants/components/organization-switcher';
import { TenantGate } from '@/features/tenants/components/tenant-gate';
import { DashboardRoute } from './dashboard-route';
import { NotFoundPage } from './not-found-page';

/**
 * The route table (docs/product.md §Screens and routes). Signed-out visitors see the landing page on every app route;
 * signed-in users need a selected organization everywhere except the operator's admin page.
 */
export function AppRoutes() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;

  const forOrganization = (page: ReactNode) => (user ? <TenantGate>{page}</TenantGate> : <LandingPage />);
  // Only organizations with an active subscription get past the gate (docs/product.md §Screens and routes).
  const dashboard = forOrganization(
    <SubscriptionGate>
      <DashboardRoute isAdmin={user?.isAdmin ?? false} />
    </SubscriptionGate>,
  );

  return (
    <Switch>
      <Route path="/">{dashboard}</Route>
      <Route path="/dashboard">{dashboard}</Route>
      <Route path="/subscription">
        {forOrganization(
          user && <SubscriptionPage user={user} organizationSwitcher={<OrganizationSwitcher />} paymentMethodCard={<PaymentMethodCard />} />,
        )}
      </Route>
      <Route path="/subscription/activate">{forOrganization(<ActivateSubscriptionPage />)}</Route>
      <Route path="/subscription/success">{forOrganization(<SubscriptionSuccessPage />)}</Route>
      <Route path="/subscription/cancel">{forOrganization(<SubscriptionCancelPage />)}</Route>
      <Route path="/account">
        {forOrganization(user && <AccountPage user={user} subscriptionSummary={<SubscriptionSummary />} />)}
      </Route>
      {/* Operator admins need no organization; to anyone else the page does not exist. */}
      <Route path="/admin">{user ? user.isAdmin ? <AdminPage /> : <NotFoundPage /> : <LandingPage />}</Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
