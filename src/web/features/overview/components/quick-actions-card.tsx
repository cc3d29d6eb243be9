import type { ReactNode } from 'react';
import { ReadOnlyNotice } from '@/components/role-gate';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useMemberRole } from '@/lib/member-role';
import { roleAtLeast } from '../../../../shared/domain/member-roles';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { RunNowButton } from './run-now-button';

/** Why the quick actions are disabled before the first save: each works on the saved configuration. */
const NEEDS_SAVED_CONFIGURATION_TEXT =
  'Test Configuration, Run Now and Save Configuration work on a saved configuration: fill in the Configuration tab and save it there first.';

/**
 * docs/product.md §Screens and routes: Test Configuration, Run Now, Save Configuration. The first and last belong to
 * the testing and configuration features; the app passes them in (disabled, like Run Now, until
 * the configuration has been saved once).
 */
export function QuickActionsCard({
  testConfigurationButton,
  saveConfigurationButton,
}: {
  testConfigurationButton: ReactNode;
  saveConfigurationButton: ReactNode;
}) {
  const { data: stats } = useDashboardStats();
  const needsConfiguration = stats !== undefined && !stats.configured;
  const role = useMemberRole();
  // Test, Run Now and Save are an admin's: others are told why they are not offered.
  const readOnly = role !== null && !roleAtLeast(role, 'admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Quick Actions</h2>
        </CardTitle>
        <CardDescription>Test the setup, check passwords now, or save your changes</CardDescription>
      </CardHeader>
      {readOnly ? (
        <CardContent>
          <ReadOnlyNotice role={role} needed="admin" />
        </CardContent>
      ) : (
        <CardContent className="flex flex-wrap gap-2">
          {testConfigurationButton}
          <RunNowButton disabled={needsConfiguration} />
          {saveConfigurationButton}
        </CardContent>
      )}
      {needsConfiguration && !readOnly && (
        <CardFooter>
          <p className="text-sm text-muted-foreground">{NEEDS_SAVED_CONFIGURATION_TEXT}</p>
        </CardFooter>
      )}
    </Card>
  );
}
