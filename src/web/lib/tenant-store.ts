import { tenantSchema, type Tenant } from '../../shared/api/tenants';

/** The part of the Web Storage API the store uses (localStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

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
      ignoreStorageFailure(() => storage?.setItem(selectedTenantStorageKey, JSON.stringify(tenant)));
      publish(tenant);
    },
    clearSelectedTenant() {
      ignoreStorageFailure(() => storage?.removeItem(selectedTenantStorageKey));
      publish(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function readStoredTenant(storage: KeyValueStorage | null): Tenant | null {
  const raw = ignoreStorageFailure(() => storage?.getItem(selectedTenantStorageKey)) ?? null;
  if (raw === null) return null;
  const parsed = tenantSchema.safeParse(parseJson(raw));
  if (parsed.success) return parsed.data;
  // Written by an older version or tampered with: start over rather than send a bad header.
  ignoreStorageFailure(() => storage?.removeItem(selectedTenantStorageKey));
  return null;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

// Storage can be disabled or full (private windows, quotas); the selection then lasts for the
// page only, which is still usable.
function ignoreStorageFailure<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

function browserLocalStorage(): KeyValueStorage | null {
  return ignoreStorageFailure(() => (typeof window === 'undefined' ? null : window.localStorage)) ?? null;
}

export const selectedTenantStore = createSelectedTenantStore(browserLocalStorage());
