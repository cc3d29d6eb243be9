import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../../../shared/api/configuration';
import type { DashboardStats } from '../../../../shared/api/dashboard';
import { buildDashboardStats } from '../../../test-support/factories';
import { renderHtml, textOf } from '../../../test-support/render-html';
import { configurationQueryKey } from '@/lib/configuration-queries';
import { dashboardStatsQueryKey } from '../api/overview-query-keys';
import { AutomationStatusCard } from './automation-status-card';
import { QuickActionsCard } from './quick-actions-card';
import { StatCards } from './stat-cards';

// What the Overview says before the first save and check, and which zone its times are in.

const stats = buildDashboardStats;

const inZone = (timeZone: string) => ({ configured: true, emailTemplate: '<p>x</p>', timeZone }) as Configuration;

const renderQuickActions = (data: DashboardStats) =>
  renderHtml(
    <QuickActionsCard
      testConfigurationButton={<button type="button">Test Configuration</button>}
      saveConfigurationButton={<button type="button">Save Configuration</button>}
    />,
    {
      queryData: [[dashboardStatsQueryKey, data]],
    },
  );

describe('quick actions before the first save', () => {
  it('disable Run Now and say that every quick action needs a saved configuration', () => {
    const html = renderQuickActions(stats({ configured: false, lastRun: null, nextCheck: null }));
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Run Now/);
    expect(textOf(html)).toContain('Test Configuration, Run Now and Save Configuration work on a saved configuration');
  });

  it('enable Run Now once saved, with no such note', () => {
    const html = renderQuickActions(stats());
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Run Now/);
    expect(textOf(html)).not.toContain('work on a saved configuration');
  });
});

describe("times in the organization's zone", () => {
  it('show Next Check, Last Run and Next Run in that zone, labelled with it', () => {
    const queryData: [readonly unknown[], unknown][] = [
      [dashboardStatsQueryKey, stats()],
      [configurationQueryKey, inZone('America/Los_Angeles')],
    ];
    expect(textOf(renderHtml(<StatCards />, { queryData }))).toContain('Next Check 3/16/2025, 6:00 AM PDT');
    expect(textOf(renderHtml(<AutomationStatusCard />, { queryData }))).toContain('Last Run 3/15/2025, 6:00 AM PDT Next Run 3/16/2025, 6:00 AM PDT');
  });
});
