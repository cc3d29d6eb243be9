// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app';
import { useSubscriptionStatus } from '@/features/subscription/api/get-subscription-status';
import { createQueryClient } from '@/lib/query-client';
import { useConfigurationQuery } from '@/lib/configuration-queries';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../test-support/api-stub';
import { buildConfiguration, buildTenant } from '../test-support/factories';

// Queries that need an organization are not asked without one ("All organizations" in the
// switcher, a new organization being created from the picker): the server could only answer 400.

function Reader() {
  useConfigurationQuery();
  useSubscriptionStatus();
  return null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('organization queries', () => {
  it('ask nothing while no organization is selected, and ask once one is', async () => {
    const api = stubApi({
      'GET /api/configuration': () => buildConfiguration(),
      'GET /api/subscription-status': () => ({
        status: 'active',
        plan: 'monthly',
        subscriptionEndsAt: null,
        trialEnd: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      }),
    });
    selectedTenantStore.clearSelectedTenant();
    render(
      <AppProviders queryClient={createQueryClient()} tenantStore={selectedTenantStore}>
        <Reader />
      </AppProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.map((request) => request.url.pathname)).not.toContain('/api/configuration');
    expect(api.requests.map((request) => request.url.pathname)).not.toContain('/api/subscription-status');

    selectedTenantStore.setSelectedTenant(buildTenant());
    await vi.waitFor(() => expect(api.requestsTo('GET /api/configuration')).toHaveLength(1));
    await vi.waitFor(() => expect(api.requestsTo('GET /api/subscription-status')).toHaveLength(1));
  });
});
