import { type ReactNode, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { AuthUser } from '../../shared/api/auth';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AccountPage } from '@/features/account/components/account-page';
import { PaymentMethodCard } from '@/features/account/components/payment-method-card';
import { AdminPage } from '@/features/admin/components/admin-page';
import InvitationPage from '@/features/invitations/components/invitation-page';
import { hasPendingInvitation } from '@/features/invitations/utils/pending-invitation';
import { MembersPage } from '@/features/members/components/members-page';
import { ActivateSubscriptionPage } from '@/features/subscription/components/activate-subscription-page';
import { SubscriptionCancelPage } from '@/features/subscription/components/subscription-cancel-page';
import { SubscriptionGate } from '@/features/subscription/components/subscription-gate';
import { SubscriptionPage } from '@/features/subscription/components/subscription-page';
import { SubscriptionSuccessPage } from '@/features/subscription/components/subscription-success-page';
import { SubscriptionSummary } from '@/features/subscription/components/subscription-summary';
import { OrganizationSwitcher } from '@/features/tenants/components/organization-switcher';
import { OrganizationsOverviewPage } from '@/features/tenants/components/organizations-overview-page';
import { TenantGate } from '@/features/tenants/components/tenant-gate';
import { DashboardRoute } from './dashboard-route';
import { NotFoundPage } from './not-found-page';

/**
 * The route table for a signed-in user (docs/product.md §Screens and routes): a selected
 * organization is needed everywhere except the operator's admin page. Loaded on demand, so a
 * signed-out visitor's landing page does not download the dashboard, the editor or the schemas
 * (nor the tooltip and toast machinery only these pages use).
 */
export default function SignedInRoutes({ user }: { user: AuthUser }) {
  const forOrganization = (page: ReactNode) => <TenantGate>{page}</TenantGate>;
  // Only organizations with an active subscription get past the gate (docs/product.md §Screens and routes).
  const dashboard = forOrganization(
    <SubscriptionGate>
      <DashboardRoute isAdmin={user.isAdmin} />
    </SubscriptionGate>,
  );

  return (
    <TooltipProvider>
      <BackToPendingInvitation />
      <Switch>
        {/* An invitation needs no organization: it may be the user's first. */}
        <Route path="/invitation">
          <InvitationPage signedIn />
        </Route>
        <Route path="/organizations">
          <OrganizationsOverviewPage />
        </Route>
        <Route path="/members">{forOrganization(<MembersPage currentUserId={user.id} organizationSwitcher={<OrganizationSwitcher />} />)}</Route>
        <Route path="/">{dashboard}</Route>
        <Route path="/dashboard">{dashboard}</Route>
        <Route path="/subscription">
          {forOrganization(<SubscriptionPage user={user} organizationSwitcher={<OrganizationSwitcher />} paymentMethodCard={<PaymentMethodCard />} />)}
        </Route>
        <Route path="/subscription/activate">{forOrganization(<ActivateSubscriptionPage />)}</Route>
        <Route path="/subscription/success">{forOrganization(<SubscriptionSuccessPage />)}</Route>
        <Route path="/subscription/cancel">{forOrganization(<SubscriptionCancelPage />)}</Route>
        <Route path="/account">{forOrganization(<AccountPage user={user} subscriptionSummary={<SubscriptionSummary />} />)}</Route>
        {/* Operator admins need no organization; to anyone else the page does not exist. */}
        <Route path="/admin">{user.isAdmin ? <AdminPage /> : <NotFoundPage />}</Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
      <Toaster />
    </TooltipProvider>
  );
}

/** Signed in through an invitation's Sign In to Accept: back to the invitation. */
function BackToPendingInvitation() {
  const [location, navigate] = useLocation();
  useEffect(() => {
    if (location !== '/invitation' && hasPendingInvitation()) navigate('/invitation');
  }, [location, navigate]);
  return null;
}
