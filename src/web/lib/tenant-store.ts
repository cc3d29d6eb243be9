import type { Tenant } from '../../shared/api/tenants';
import { browserStorage, removeStoredItem, writeStoredJson, type KeyValueStorage } from './browser-storage';

export const selectedTenantStorageKey = 'passwatch.selectedTenant';

/**
 * The organization the user is working on. It lives outside React so the request helper can
 * read it for the x-tenant-id header, and in storage so it survives a reload.
 */
export interface SelectedTenantStore {
  getSelectedTenant(): Tenant | null;
  /** Takes up the remembered selection (when nothing is selected yet), as `readStored` finds it. */
  restore(readStored: StoredTenantReader): void;
  setSelectedTenant(tenant: Tenant): void;
  clearSelectedTenant(): void;
  subscribe(listener: () => void): () => void;
}

/** The remembered selection in `storage`, or null (stored-tenant.ts validates it). */
type StoredTenantReader = (storage: KeyValueStorage | null) => Tenant | null;

/**
 * The store starts empty until restore() takes up what `storage` remembers: the app restores it
 * when the signed-in pages load, so the tenant schema (and zod) stay out of the landing page.
 */
export function createSelectedTenantStore(storage: KeyValueStorage | null): SelectedTenantStore {
  let selected: Tenant | null = null;
  const listeners = new Set<() => void>();

  function publish(next: Tenant | null): void {
    selected = next;
    for (const listener of listeners) listener();
  }

  return {
    getSelectedTenant: () => selected,
    restore(readStored) {
      if (selected === null) publish(readStored(storage));
    },
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

// Without storage the selection lasts for the page only, which is still usable.
export const selectedTenantStore = createSelectedTenantStore(browserStorage('localStorage'));
