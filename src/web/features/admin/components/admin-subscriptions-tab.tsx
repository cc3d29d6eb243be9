import type { AdminSubscription } from '../../../../shared/api/admin';
import { PLANS } from '../../../../shared/domain/plans';
import { formatDateUs, formatUsd } from '../../../../shared/domain/us-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/error-message';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/** Admin Dashboard > Subscriptions: organizations whose status is active or trialing. */
export function AdminSubscriptionsTab() {
  const { data: subscriptions, error } = useAdminSubscriptions();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Subscriptions</h2>
        </CardTitle>
        <CardDescription>Organizations with an active subscription or a trial.</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>Unable to load subscriptions</AlertTitle>
            <AlertDescription>{getErrorMessage(error, 'Please try again.')}</AlertDescription>
          </Alert>
        ) : !subscriptions ? (
          <Spinner label="Loading subscriptions" />
        ) : (
          <AdminSubscriptionsTable subscriptions={subscriptions} />
        )}
      </CardContent>
    </Card>
  );
}

export function AdminSubscriptionsTable({ subscriptions }: { subscriptions: readonly AdminSubscription[] }) {
  if (subscriptions.length === 0) return <p className="text-sm text-muted-foreground">No active or trial subscriptions.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Organization</TableHead>
          <TableHead>Owners</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Plan</TableHead>
          <TableHead>Period Ends</TableHead>
          <TableHead className="text-right">Monthly Revenue</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {subscriptions.map((subscription) => (
          <TableRow key={subscription.id}>
            <TableCell>
              <div className="font-medium">{subscription.name}</div>
              <div className="text-xs text-muted-foreground">{subscription.domain}</div>
            </TableCell>
            <TableCell>{subscription.ownerEmails.join(', ') || '—'}</TableCell>
            <TableCell>
              <SubscriptionStatusBadge status={subscription.subscriptionStatus} cancelAtPeriodEnd={subscription.cancelAtPeriodEnd} />
            </TableCell>
            <TableCell>{subscription.subscriptionPlan ? PLANS[subscription.subscriptionPlan].name : '—'}</TableCell>
            <TableCell className="whitespace-nowrap">{subscription.currentPeriodEnd ? formatDateUs(subscription.currentPeriodEnd) : '—'}</TableCell>
            <TableCell className="text-right tabular-nums">{formatUsd(subscription.monthlyRevenue)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
