import { tenantSchema, type Tenant } from '../../shared/api/tenants';
import { browserStorage, readStoredJson, removeStoredItem, writeStoredJson, type KeyValueStorage } from './browser-storage';

export const selectedTenantStorageKey = 'passwatch.selectedTenant';

/**
 * The organization the user is working on. It lives outside React so the request helper can
 * read it for the x-tenant-id header, and in storage so it survives a reload.
 */
export interface SelectedTenantStore {
  getSelectedTenant(): Tenant | null;
  setSelectedTenant(tenant: Tenant): void;
  clearSelectedTenant(): void;
  subscribe(listener: () => void): () => void;
}

export function createSelectedTenantStore(storage: KeyValueStorage | null): SelectedTenantStore {
  let selected = readStoredTenant(storage);
  const listeners = new Set<() => void>();

  function publish(next: Tenant | null): void {
    selected = next;
    for (const listener of listeners) listener();
  }

  return {
    getSelectedTenant: () => selected,
    setSelectedTenant(tenant) {
      writeStoredJson(storage, selectedTenantStorageKey, tenant);
      publish(tenant);
    },
    clearSelectedTenant() {
      removeStoredItem(storage, selectedTenantStorageKey);
      publish(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// An entry written by an older version or tampered with is dropped (dropping a missing one changes
// nothing): start over rather than send a bad x-tenant-id header.
function readStoredTenant(storage: KeyValueStorage | null): Tenant | null {
  const tenant = readStoredJson(storage, selectedTenantStorageKey, tenantSchema);
  if (tenant === null) removeStoredItem(storage, selectedTenantStorageKey);
  return tenant;
}

// Without storage the selection lasts for the page only, which is still usable.
export const selectedTenantStore = createSelectedTenantStore(browserStorage('localStorage'));
