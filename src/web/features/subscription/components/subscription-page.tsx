import type { ReactNode } from 'react';
import type { AuthUser } from '../../../../shared/api/auth';
import { normalizeSubscriptionStatus, requiresSubscription, showsAlreadyPaidCard, showsPlanCards } from '../../../../shared/domain/subscription-status';
import { BackToDashboardLink } from '@/components/back-to-dashboard-link';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';
import { ReadOnlyNotice } from '@/components/role-gate';
import { PageSpinner } from '@/components/ui/spinner';
import { useCan, useMemberRole } from '@/lib/member-role';
import { useTenantContext } from '@/lib/tenant-context';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { useSubscriptionVerification } from '../api/get-subscription-verification';
import { AlreadyPaidCard } from './already-paid-card';
import { CancelScheduledAlert } from './cancel-scheduled-alert';
import { ManageSubscriptionCard } from './manage-subscription-card';
import { NeedHelpCard } from './need-help-card';
import { PlanSelection } from './plan-selection';
import { SubscriptionStatusCard } from './subscription-status-card';

/**
 * /subscription: the selected organization's status and what can be done from it
 * (docs/product.md §Screens and routes). The organization switcher and the payment method card (offered instead of a second
 * plan while a payment is past due) are passed in by the app, since features do not import each
 * other.
 */
export function SubscriptionPage({
  user,
  organizationSwitcher,
  paymentMethodCard,
}: {
  user: Pick<AuthUser, 'email' | 'firstName' | 'lastName'>;
  organizationSwitcher: ReactNode;
  paymentMethodCard?: ReactNode;
}) {
  const { selectedTenant } = useTenantContext();
  const { data: state, error, refetch } = useSubscriptionStatus();
  useSubscriptionVerification(state);
  const status = normalizeSubscriptionStatus(state?.status);
  // Buying, changing and cancelling are the owner's; others read the state and are told why.
  const role = useMemberRole();
  const isOwner = useCan('owner');

  return (
    <PageLayout
      title="Subscription"
      description={selectedTenant ? `Plan and billing for ${selectedTenant.name}` : undefined}
      actions={
        <>
          {/* Without an active subscription the dashboard sends the user straight back here. */}
          {state && !requiresSubscription(state.status) && <BackToDashboardLink />}
          {organizationSwitcher}
          <LogoutButton />
        </>
      }
    >
      {error ? (
        <LoadErrorAlert title="Unable to load the subscription" error={error} onRetry={() => void refetch()} />
      ) : !state ? (
        <PageSpinner label="Loading subscription" />
      ) : (
        <div className="space-y-8">
          {state.cancelAtPeriodEnd && <CancelScheduledAlert state={state} />}
          <SubscriptionStatusCard state={state} page="subscription" />
          {role && !isOwner && <ReadOnlyNotice role={role} needed="owner" />}
          {isOwner && showsPlanCards(status) && <PlanSelection heading={status === 'trialing' ? 'Upgrade to Paid Plan' : 'Choose Your Plan'} buyer={user} />}
          <div className="grid gap-4 md:grid-cols-2">
            {isOwner && status === 'active' && <ManageSubscriptionCard state={state} />}
            {isOwner && status === 'past_due' && paymentMethodCard}
            {showsAlreadyPaidCard(status) && <AlreadyPaidCard />}
            <NeedHelpCard />
          </div>
        </div>
      )}
    </PageLayout>
  );
}
