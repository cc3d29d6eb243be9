import { memo, useId } from 'react';
import { automationMessages } from '../../../../shared/api/dashboard';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/lib/member-role';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useOrganizationTimeZone } from '../api/get-organization-time-zone';
import { useToggleAutomation } from '../api/toggle-automation';
import { automationToasts } from '../utils/overview-toasts';
import { lastRunText, nextCheckText } from '../utils/schedule-text';

/** docs/product.md §Screens and routes: Active/Inactive, Last Run, Next Run and the 'Enable Automation' switch. */
// Memoised: it takes no props, so the dashboard re-rendering around it (each query that answers)
// need not render it again; its own queries still do.
export const AutomationStatusCard = memo(function AutomationStatusCard() {
  const switchId = useId();
  const hintId = useId();
  const { data: stats } = useDashboardStats();
  const timeZone = useOrganizationTimeZone();
  const toggle = useToggleAutomation();
  // Switching automation is an admin's; others see its state.
  const mayToggle = useCan('admin');
  const enabled = stats?.automationEnabled ?? false;
  // The server refuses before the first save; say so rather than offer a switch that fails.
  const needsConfiguration = stats !== undefined && !stats.configured;

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Automation Status</h2>
          </CardTitle>
          <CardDescription>Scheduled password checks and reminders</CardDescription>
        </div>
        {stats && <Badge variant={enabled ? 'success' : 'secondary'}>{enabled ? 'Active' : 'Inactive'}</Badge>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Last Run</dt>
          <dd>{stats ? lastRunText(stats.lastRun, timeZone) : '—'}</dd>
          <dt className="text-muted-foreground">Next Run</dt>
          <dd>{stats ? nextCheckText(stats.nextCheck, timeZone) : '—'}</dd>
        </dl>
        <div className="grid gap-1">
          <div className="flex items-center gap-3">
            <Switch
              id={switchId}
              checked={enabled}
              disabled={!mayToggle || !stats || needsConfiguration || toggle.isPending}
              aria-describedby={needsConfiguration ? hintId : undefined}
              onCheckedChange={(checked) =>
                toggle.mutate(checked, {
                  onSuccess: () => toast(automationToasts.success()),
                  onError: (error) => toast(automationToasts.failure(error)),
                })
              }
            />
            <Label htmlFor={switchId}>Enable Automation</Label>
          </div>
          {needsConfiguration && (
            <p id={hintId} className="text-xs text-muted-foreground">
              {automationMessages.configurationRequired}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
});
