import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { SelectedTenantStore } from './tenant-store';

/**
 * Resets every cached query except the user-scoped ones whenever the selected organization
 * changes, so one organization's data is never shown under another's name. Query keys carry no
 * tenant id (the default fetcher turns keys into URLs), hence the reset. Returns the unsubscribe.
 */
export function resetQueriesOnTenantChange(store: SelectedTenantStore, client: QueryClient, userScopedKeys: readonly QueryKey[]): () => void {
  let currentTenantId = store.getSelectedTenant()?.id ?? null;
  return store.subscribe(() => {
    const nextTenantId = store.getSelectedTenant()?.id ?? null;
    // Re-selecting the same organization (e.g. with refreshed fields) keeps its data.
    if (nextTenantId === currentTenantId) return;
    currentTenantId = nextTenantId;
    void client.resetQueries({
      predicate: (query) => !userScopedKeys.some((key) => partialMatchKey(query.queryKey, key)),
    });
  });
}
