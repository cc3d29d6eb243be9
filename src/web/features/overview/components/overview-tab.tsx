import type { ReactNode } from 'react';
import { AutomationStatusCard } from './automation-status-card';
import { ConfigurationStatusCard } from './configuration-status-card';
import { QuickActionsCard } from './quick-actions-card';
import { RecentActivityCard } from './recent-activity-card';
import { UsersTableCard } from './users-table-card';

/**
 * The Overview tab (docs/product.md §Screens and routes). Test Configuration and Save Configuration are other
 * features' buttons, passed in by the app.
 */
export function OverviewTab({ testConfigurationButton, saveConfigurationButton }: { testConfigurationButton: ReactNode; saveConfigurationButton: ReactNode }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickActionsCard testConfigurationButton={testConfigurationButton} saveConfigurationButton={saveConfigurationButton} />
        <AutomationStatusCard />
        <RecentActivityCard />
        <ConfigurationStatusCard />
      </div>
      <UsersTableCard />
    </div>
  );
}
