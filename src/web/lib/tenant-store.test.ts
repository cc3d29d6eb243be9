import { describe, expect, it, vi } from 'vitest';
import { buildTenant } from '../test-support/factories';
import { memoryStorage, refusingStorage } from '../test-support/memory-storage';
import { readStoredTenant } from './stored-tenant';
import { createSelectedTenantStore, selectedTenantStorageKey } from './tenant-store';

/** The store as the signed-in app has it after a page load: restored from storage. */
function restoredStore(storage: ReturnType<typeof memoryStorage>) {
  const store = createSelectedTenantStore(storage);
  store.restore(readStoredTenant);
  return store;
}

describe('createSelectedTenantStore', () => {
  it('starts empty', () => {
    expect(createSelectedTenantStore(memoryStorage()).getSelectedTenant()).toBeNull();
  });

  it('remembers the selection across page loads', () => {
    const storage = memoryStorage();
    const tenant = buildTenant({ name: 'Contoso' });
    createSelectedTenantStore(storage).setSelectedTenant(tenant);

    expect(createSelectedTenantStore(storage).getSelectedTenant()).toBeNull();
    expect(restoredStore(storage).getSelectedTenant()).toEqual(tenant);
  });

  it('keeps a selection made before it was restored', () => {
    const storage = memoryStorage();
    createSelectedTenantStore(storage).setSelectedTenant(buildTenant({ name: 'Contoso' }));
    const store = createSelectedTenantStore(storage);
    const fabrikam = buildTenant({ name: 'Fabrikam' });
    store.setSelectedTenant(fabrikam);
    store.restore(readStoredTenant);
    expect(store.getSelectedTenant()).toEqual(fabrikam);
  });

  it('forgets the selection when cleared', () => {
    const storage = memoryStorage();
    const store = createSelectedTenantStore(storage);
    store.setSelectedTenant(buildTenant());
    store.clearSelectedTenant();

    expect(store.getSelectedTenant()).toBeNull();
    expect(storage.entries.has(selectedTenantStorageKey)).toBe(false);
    expect(restoredStore(storage).getSelectedTenant()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a tenant', JSON.stringify({ id: 'tenant-1' })],
  ])('drops a stored value that is %s', (_label, raw) => {
    const storage = memoryStorage({ [selectedTenantStorageKey]: raw });
    expect(restoredStore(storage).getSelectedTenant()).toBeNull();
    expect(storage.entries.has(selectedTenantStorageKey)).toBe(false);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const store = createSelectedTenantStore(null);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setSelectedTenant(buildTenant());
    store.clearSelectedTenant();
    unsubscribe();
    store.setSelectedTenant(buildTenant());

    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps working in memory when storage refuses access', () => {
    const store = createSelectedTenantStore(refusingStorage());
    const tenant = buildTenant();
    store.setSelectedTenant(tenant);
    expect(store.getSelectedTenant()).toEqual(tenant);
    store.clearSelectedTenant();
    expect(store.getSelectedTenant()).toBeNull();
  });
});
