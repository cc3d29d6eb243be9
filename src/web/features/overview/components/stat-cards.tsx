import { memo, type ReactNode } from 'react';
import { CalendarClockIcon, MailIcon, TriangleAlertIcon, UsersIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useOrganizationTimeZone } from '../api/get-organization-time-zone';
import { nextCheckText } from '../utils/schedule-text';

/** docs/product.md §Screens and routes: Active Users, Expiring Soon, Emails Sent Today and Next Check, refreshed every 30 s. */
// Memoised: it takes no props, so the dashboard re-rendering around it (each query that answers)
// need not render it again; its own queries still do.
export const StatCards = memo(function StatCards() {
  const { data: stats } = useDashboardStats();
  const timeZone = useOrganizationTimeZone();
  // Until the first answer (or after a failed one) the figures read as unknown, not as zero.
  const figure = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));
  return (
    <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard title="Active Users" icon={<UsersIcon />} value={figure(stats?.activeUsers)} hint="Users in scope at the latest check" />
      <StatCard title="Expiring Soon" icon={<TriangleAlertIcon />} value={figure(stats?.expiringSoon)} hint="Until the last reminder day" />
      <StatCard title="Emails Sent Today" icon={<MailIcon />} value={figure(stats?.emailsSentToday)} hint="Reminders, manual and test emails" />
      <StatCard
        title="Next Check"
        icon={<CalendarClockIcon />}
        value={stats ? nextCheckText(stats.nextCheck, timeZone) : '—'}
        hint={stats?.automationEnabled === false ? 'Automation is off' : 'Scheduled password check'}
        compact
      />
    </section>
  );
});

function StatCard({ title, icon, value, hint, compact = false }: { title: string; icon: ReactNode; value: string; hint: string; compact?: boolean }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild className="text-sm font-medium text-muted-foreground">
          <p>{title}</p>
        </CardTitle>
        <span aria-hidden className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent>
        <p className={compact ? 'text-lg font-semibold' : 'text-2xl font-semibold'}>{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}
