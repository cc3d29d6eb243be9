// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toWire } from '../../shared/api/entra-tenant-wire-name';
import { AppProviders } from './app';
import { DashboardDataBesideGate } from './dashboard-route';
import { TooltipProvider } from '@/components/ui/tooltip';
import { RecentActivityCard } from '@/features/overview/components/recent-activity-card';
import { StatCards } from '@/features/overview/components/stat-cards';
import { UsersTableCard } from '@/features/overview/components/users-table-card';
import { expirationRecord, expirationsPage } from '@/features/overview/test-support/expiration-records';
import { createQueryClient } from '@/lib/query-client';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../test-support/api-stub';
import { buildConfiguration, buildDashboardStats, buildTenant } from '../test-support/factories';

// The dashboard shows once its connection status is known: for an organization the organization
// list calls subscribed, that status loads beside the subscription gate's own check, and so do the
// configuration and the Overview's first answers, which the Overview then reads.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

const firstViewRoutes = [
  'GET /api/connection-status',
  'GET /api/configuration',
  'GET /api/dashboard-stats',
  'GET /api/audit-logs/5',
  'GET /api/password-expirations',
] as const;

function serve({ emailTemplate = '<p>Hello {{userName}}</p>' } = {}) {
  return stubApi({
    'GET /api/connection-status': () => ({}),
    'GET /api/configuration': () => toWire(buildConfiguration({ emailTemplate })),
    'GET /api/default-template': () => ({ template: '<p>Dear {{userName}}</p>' }),
    'GET /api/dashboard-stats': () => buildDashboardStats(),
    'GET /api/audit-logs/5': () => [],
    'GET /api/password-expirations': () => expirationsPage([expirationRecord()]),
  });
}

function renderBesideGate() {
  const queryClient = createQueryClient();
  const { hook } = memoryLocation({ path: '/dashboard' });
  const inApp = (overview: boolean) => (
    <AppProviders queryClient={queryClient} tenantStore={selectedTenantStore}>
      <TooltipProvider>
        <Router hook={hook}>
          <DashboardDataBesideGate />
          {overview && (
            <>
              <StatCards />
              <RecentActivityCard />
              <UsersTableCard />
            </>
          )}
        </Router>
      </TooltipProvider>
    </AppProviders>
  );
  const { rerender } = render(inApp(false));
  return { mountOverview: () => rerender(inApp(true)) };
}

describe('the dashboard data beside the subscription gate', () => {
  it('is asked for an organization with an active subscription, with its tenant header', async () => {
    const api = serve();
    const organization = buildTenant({ subscriptionStatus: 'active' });
    selectedTenantStore.setSelectedTenant(organization);
    renderBesideGate();
    for (const route of firstViewRoutes) {
      await vi.waitFor(() => expect(api.requestsTo(route)).toHaveLength(1));
      expect(api.requestsTo(route)[0]?.headers['x-tenant-id']).toBe(organization.id);
    }
    expect(Object.fromEntries(api.requestsTo('GET /api/password-expirations')[0]!.url.searchParams)).toEqual({
      filter: 'expiring_soon',
      sort: 'expiry',
      direction: 'asc',
      page: '1',
      pageSize: '25',
    });
  });

  it('is what the Overview then shows: its cards and table ask for nothing more', async () => {
    const api = serve();
    selectedTenantStore.setSelectedTenant(buildTenant({ subscriptionStatus: 'active' }));
    const { mountOverview } = renderBesideGate();
    for (const route of firstViewRoutes) await vi.waitFor(() => expect(api.requestsTo(route)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    mountOverview();
    await screen.findByRole('table');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.map(({ method, url }) => `${method} ${url.pathname}`).sort()).toEqual([...firstViewRoutes].sort());
  });

  it('asks for the default template too for an organization that has saved no template, as the configuration form will', async () => {
    const api = serve({ emailTemplate: '' });
    selectedTenantStore.setSelectedTenant(buildTenant({ subscriptionStatus: 'active' }));
    renderBesideGate();
    await vi.waitFor(() => expect(api.requestsTo('GET /api/default-template')).toHaveLength(1));
  });

  it('does not ask for the default template for an organization with a template of its own', async () => {
    const api = serve();
    selectedTenantStore.setSelectedTenant(buildTenant({ subscriptionStatus: 'active' }));
    renderBesideGate();
    await vi.waitFor(() => expect(api.requestsTo('GET /api/configuration')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET /api/default-template')).toHaveLength(0);
  });

  it.each(['none', 'canceled', 'past_due', 'trialing'] as const)(
    'is not asked for an organization whose subscription is %s (the gate sends it away)',
    async (status) => {
      const api = serve();
      selectedTenantStore.setSelectedTenant(buildTenant({ subscriptionStatus: status }));
      renderBesideGate();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.requests).toHaveLength(0);
    },
  );

  it('is not asked without a selected organization', async () => {
    const api = serve();
    renderBesideGate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toHaveLength(0);
  });
});
