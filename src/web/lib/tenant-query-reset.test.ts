import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildTenant } from '../test-support/factories';
import { userScopedQueryKeys } from './query-keys';
import { resetQueriesOnTenantChange } from './tenant-query-reset';
import { createSelectedTenantStore } from './tenant-store';

function seededClient() {
  const client = new QueryClient();
  client.setQueryData(['/api/auth/user'], { id: 'u1' });
  client.setQueryData(['/api/tenants'], []);
  client.setQueryData(['/api/app-info'], { demoMode: true });
  client.setQueryData(['/api/configuration'], { fromEmail: 'it@contoso.com' });
  client.setQueryData(['/api/audit-logs', 5], []);
  return client;
}

describe('resetQueriesOnTenantChange', () => {
  it("drops the previous organization's data but keeps the user's", () => {
    const store = createSelectedTenantStore(null);
    store.setSelectedTenant(buildTenant({ id: 'a' }));
    const client = seededClient();
    resetQueriesOnTenantChange(store, client, userScopedQueryKeys);

    store.setSelectedTenant(buildTenant({ id: 'b' }));

    expect(client.getQueryData(['/api/configuration'])).toBeUndefined();
    expect(client.getQueryData(['/api/audit-logs', 5])).toBeUndefined();
    expect(client.getQueryData(['/api/auth/user'])).toEqual({ id: 'u1' });
    expect(client.getQueryData(['/api/tenants'])).toEqual([]);
    expect(client.getQueryData(['/api/app-info'])).toEqual({ demoMode: true });
  });

  it('resets when the selection is cleared', () => {
    const store = createSelectedTenantStore(null);
    store.setSelectedTenant(buildTenant({ id: 'a' }));
    const client = seededClient();
    resetQueriesOnTenantChange(store, client, userScopedQueryKeys);

    store.clearSelectedTenant();

    expect(client.getQueryData(['/api/configuration'])).toBeUndefined();
  });

  it('keeps the data when the same organization is selected again', () => {
    const store = createSelectedTenantStore(null);
    const tenant = buildTenant({ id: 'a' });
    store.setSelectedTenant(tenant);
    const client = seededClient();
    resetQueriesOnTenantChange(store, client, userScopedQueryKeys);

    store.setSelectedTenant({ ...tenant, subscriptionStatus: 'active' });

    expect(client.getQueryData(['/api/configuration'])).toEqual({ fromEmail: 'it@contoso.com' });
  });

  it('stops after unsubscribing', () => {
    const store = createSelectedTenantStore(null);
    const client = seededClient();
    const unsubscribe = resetQueriesOnTenantChange(store, client, userScopedQueryKeys);
    unsubscribe();

    store.setSelectedTenant(buildTenant());

    expect(client.getQueryData(['/api/configuration'])).toEqual({ fromEmail: 'it@contoso.com' });
  });
});
