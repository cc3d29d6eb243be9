// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutomationOffer } from '@/features/overview/components/automation-offer';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../../../test-support/api-stub';
import { buildDashboardStats, buildTenant } from '../../../test-support/factories';
import { renderInApp } from '../../../test-support/render-dom';
import { TestingTab } from './testing-tab';

// docs/product.md §States: after a Full System Test passes while automation is off, the Testing
// tab offers to switch it on; a passing connection test alone does not.

const passed = { status: 'success', message: 'OK' } as const;
const allPassed = {
  tenantConnection: passed,
  graphPermissions: passed,
  emailTemplate: passed,
  securityGroups: passed,
  connection: { status: 'connected', problem: null, message: 'Connected', missingPermissions: [] },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('the offer to switch automation on', () => {
  it('follows a passing Full System Test while automation is off, and switches it on in one click', async () => {
    const api = stubApi({
      'POST /api/test-configuration': () => allPassed,
      'GET /api/dashboard-stats': () => buildDashboardStats({ configured: true, automationEnabled: false }),
      'POST /api/toggle-automation': () => ({ message: 'Automation enabled', automationEnabled: true, nextCheck: '2026-11-28T13:00:00.000Z' }),
      'GET /api/audit-logs': () => ({ logs: [], total: 0 }),
    });
    const user = userEvent.setup({ delay: null });
    renderInApp(<TestingTab automationOffer={<AutomationOffer />} />, { selected: buildTenant() });

    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    await waitFor(() => expect(api.requestsTo('POST /api/test-configuration')).toHaveLength(1));
    expect(api.requestsTo('POST /api/test-configuration')[0]?.body).toEqual({ kind: 'connection' });
    expect(await screen.findByText('Connection test completed successfully')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn On Automation' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Run Full System Test' }));
    await user.click(await screen.findByRole('button', { name: 'Turn On Automation' }));
    await waitFor(() => expect(api.requestsTo('POST /api/toggle-automation')).toHaveLength(1));
    expect(api.requestsTo('POST /api/toggle-automation')[0]?.body).toEqual({ enabled: true });
    expect(api.requestsTo('POST /api/test-configuration')[1]?.body).toEqual({ kind: 'system' });
  });
});
