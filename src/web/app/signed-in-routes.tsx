import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { AuthUser } from '../../shared/api/auth';
import { Toaster } from '@/components/ui/toaster';
import { PageSpinner } from '@/components/ui/spinner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { PaymentMethodCard } from '@/features/account/components/payment-method-card';
import InvitationPage from '@/features/invitations/components/invitation-page';
import { hasPendingInvitation } from '@/features/invitations/utils/pending-invitation';
import { SubscriptionGate } from '@/features/subscription/components/subscription-gate';
import { SubscriptionSummary } from '@/features/subscription/components/subscription-summary';
import { OrganizationSwitcher } from '@/features/tenants/components/organization-switcher';
import { TenantGate } from '@/features/tenants/components/tenant-gate';
import { AccountPaymentMethodCard } from './account-payment-method-card';
import { DashboardDataBesideGate, DashboardRoute } from './dashboard-route';
import { NotFoundPage } from './not-found-page';

// Each page but the dashboard is a chunk of its own, loaded when visited: the dashboard, where a
// signed-in user lands, parses only its own code (docs/architecture.md §Web performance).
const AccountPage = lazy(() => import('@/features/account/components/account-page').then((module) => ({ default: module.AccountPage })));
const AdminPage = lazy(() => import('@/features/admin/components/admin-page').then((module) => ({ default: module.AdminPage })));
const ActivateSubscriptionPage = lazy(() =>
  import('@/features/subscription/components/activate-subscription-page').then((module) => ({ default: module.ActivateSubscriptionPage })),
);
const SubscriptionCancelPage = lazy(() =>
  import('@/features/subscription/components/subscription-cancel-page').then((module) => ({ default: module.SubscriptionCancelPage })),
);
const MembersPage = lazy(() => import('@/features/members/components/members-page').then((module) => ({ default: module.MembersPage })));
const OrganizationsOverviewPage = lazy(() =>
  import('@/features/tenants/components/organizations-overview-page').then((module) => ({ default: module.OrganizationsOverviewPage })),
);
const SubscriptionPage = lazy(() => import('@/features/subscription/components/subscription-page').then((module) => ({ default: module.SubscriptionPage })));
const SubscriptionSuccessPage = lazy(() =>
  import('@/features/subscription/components/subscription-success-page').then((module) => ({ default: module.SubscriptionSuccessPage })),
);

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
    <>
      <DashboardDataBesideGate />
      <SubscriptionGate>
        <DashboardRoute isAdmin={user.isAdmin} />
      </SubscriptionGate>
    </>,
  );

  return (
    <TooltipProvider>
      <BackToPendingInvitation />
      <Suspense fallback={<PageSpinner />}>
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
          <Route path="/account">
            {forOrganization(<AccountPage user={user} subscriptionSummary={<SubscriptionSummary />} paymentMethodCard={<AccountPaymentMethodCard />} />)}
          </Route>
          {/* Operator admins need no organization; to anyone else the page does not exist. */}
          <Route path="/admin">{user.isAdmin ? <AdminPage /> : <NotFoundPage />}</Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
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
