import { CalendarIcon, CreditCardIcon } from 'lucide-react';
import type { SubscriptionStatusResponse } from '../../../../shared/api/billing';
import { PLANS } from '../../../../shared/domain/plans';
import { normalizeSubscriptionStatus, subscriptionHeading } from '../../../../shared/domain/subscription-status';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { subscriptionDateLine } from '../utils/subscription-state';

// Worded for both /subscription and the account page, so they point at no control of either.
const STATUS_DESCRIPTIONS: Record<ReturnType<typeof normalizeSubscriptionStatus>, string> = {
  active: 'Your organization has full access to Passwatch.',
  past_due:
    'PayPal could not collect the last payment and keeps retrying it. Reminders and the dashboard are paused until ' +
    'a payment goes through: update the payment method.',
  canceled: 'The subscription has been cancelled and access has ended. Reminders and the dashboard are off until a new plan is bought.',
  incomplete: 'The payment was not completed.',
  incomplete_expired: 'The payment was not completed in time.',
  trialing: 'Your organization is trying Passwatch. A paid plan keeps access after the trial.',
  none: 'This organization has no subscription yet.',
};

/** The current status: heading by status, plan and the date that matters (docs/product.md §States). */
export function SubscriptionStatusCard({
  state,
  page,
}: {
  state: SubscriptionStatusResponse;
  /** The account tab labels a trial's date 'Trial Ends'. */
  page: 'subscription' | 'account';
}) {
  const status = normalizeSubscriptionStatus(state.status);
  const dateLine = subscriptionDateLine(state, page, new Date());
  return (
    <Card>
      <CardHeader>
        <p className="text-sm font-medium text-muted-foreground">Current status</p>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h2 className="text-xl">{subscriptionHeading(status)}</h2>
          </CardTitle>
          {status === 'active' && <Badge variant={state.cancelAtPeriodEnd ? 'warning' : 'success'}>{state.cancelAtPeriodEnd ? 'Cancelling' : 'Active'}</Badge>}
        </div>
        <CardDescription>{STATUS_DESCRIPTIONS[status]}</CardDescription>
      </CardHeader>
      {(state.plan || dateLine) && (
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {state.plan && (
              <div className="flex items-center gap-2">
                <CreditCardIcon className="size-4 text-muted-foreground" aria-hidden />
                <dt className="text-muted-foreground">Plan</dt>
                <dd className="font-medium">{PLANS[state.plan].name}</dd>
              </div>
            )}
            {dateLine && (
              <div className="flex items-center gap-2">
                <CalendarIcon className="size-4 text-muted-foreground" aria-hidden />
                <dt className="text-muted-foreground">{dateLine.label}</dt>
                <dd className="font-medium">{dateLine.date}</dd>
              </div>
            )}
          </dl>
        </CardContent>
      )}
    </Card>
  );
}
