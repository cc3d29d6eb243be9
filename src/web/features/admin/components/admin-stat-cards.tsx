import type { LucideIcon } from 'lucide-react';
import { BadgeCheckIcon, DollarSignIcon, HourglassIcon, UsersIcon } from 'lucide-react';
import type { AdminStats } from '../../../../shared/api/admin';
import { formatUsd } from '../../../../shared/domain/us-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useAdminStats } from '../api/get-admin-stats';

const count = new Intl.NumberFormat('en-US');

const statCards: readonly { key: keyof AdminStats; label: string; icon: LucideIcon; format: (value: number) => string; hint: string }[] = [
  { key: 'totalUsers', label: 'Total Users', icon: UsersIcon, format: count.format, hint: 'Everyone who has signed in' },
  { key: 'activeSubscriptions', label: 'Active Subscriptions', icon: BadgeCheckIcon, format: count.format, hint: 'Organizations paying now' },
  { key: 'trialUsers', label: 'Trial Users', icon: HourglassIcon, format: count.format, hint: 'Users of organizations on a trial' },
  { key: 'monthlyRevenue', label: 'Monthly Revenue', icon: DollarSignIcon, format: formatUsd, hint: 'Monthly recurring revenue (USD)' },
];

/** Admin Dashboard > Overview. */
export function AdminStatCards() {
  const { data: stats, error } = useAdminStats();
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Unable to load statistics</AlertTitle>
        <AlertDescription>{getErrorMessage(error, 'Please try again.')}</AlertDescription>
      </Alert>
    );
  }
  if (!stats) return <Spinner label="Loading statistics" />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {statCards.map(({ key, label, icon: Icon, format, hint }) => (
        <li key={key}>
          <Card className="h-full gap-2">
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle asChild>
                <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
              </CardTitle>
              <Icon className="size-4 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent>
              <p className="text-2xl font-bold tabular-nums">{format(stats[key])}</p>
              <p className="text-xs text-muted-foreground">{hint}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
