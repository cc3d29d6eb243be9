// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app';
import { ConnectionStatusBesideGate } from './dashboard-route';
import { createQueryClient } from '@/lib/query-client';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../test-support/api-stub';
import { buildTenant } from '../test-support/factories';

// The dashboard shows once its connection status is known: for an organization the organization
// list calls subscribed, that status loads beside the subscription gate's own check.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

function renderBesideGate() {
  return render(
    <AppProviders queryClient={createQueryClient()} tenantStore={selectedTenantStore}>
      <ConnectionStatusBesideGate />
    </AppProviders>,
  );
}

describe('the connection status beside the subscription gate', () => {
  it('is asked for an organization with an active subscription, with its tenant header', async () => {
    const api = stubApi({ 'GET /api/connection-status': () => ({}) });
    const organization = buildTenant({ subscriptionStatus: 'active' });
    selectedTenantStore.setSelectedTenant(organization);
    renderBesideGate();
    await vi.waitFor(() => expect(api.requestsTo('GET /api/connection-status')).toHaveLength(1));
    expect(api.requestsTo('GET /api/connection-status')[0]?.headers['x-tenant-id']).toBe(organization.id);
  });

  it.each(['none', 'canceled', 'past_due', 'trialing'] as const)(
    'is not asked for an organization whose subscription is %s (the gate sends it away)',
    async (status) => {
      const api = stubApi({});
      selectedTenantStore.setSelectedTenant(buildTenant({ subscriptionStatus: status }));
      renderBesideGate();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.requests.map((request) => request.url.pathname)).not.toContain('/api/connection-status');
    },
  );

  it('is not asked without a selected organization', async () => {
    const api = stubApi({});
    renderBesideGate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toHaveLength(0);
  });
});
