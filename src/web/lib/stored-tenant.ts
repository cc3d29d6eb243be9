import { tenantSchema, type Tenant } from '../../shared/api/tenants';
import { readStoredJson, removeStoredItem, type KeyValueStorage } from './browser-storage';
import { selectedTenantStorageKey } from './tenant-store';

// An entry written by an older version or tampered with is dropped (dropping a missing one changes
// nothing): start over rather than send a bad x-tenant-id header.
export function readStoredTenant(storage: KeyValueStorage | null): Tenant | null {
  const tenant = readStoredJson(storage, selectedTenantStorageKey, tenantSchema);
  if (tenant === null) removeStoredItem(storage, selectedTenantStorageKey);
  return tenant;
}
