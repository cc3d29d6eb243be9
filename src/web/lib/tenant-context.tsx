import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Tenant } from '../../shared/api/tenants';
import { selectedTenantStore, type SelectedTenantStore } from './tenant-store';

export interface TenantContextValue {
  selectedTenant: Tenant | null;
  selectedTenantId: string | null;
  setSelectedTenant: (tenant: Tenant) => void;
  clearSelectedTenant: () => void;
}

const TenantContext = createContext<TenantContextValue | null>(null);

export function TenantProvider({ children, store = selectedTenantStore }: { children: ReactNode; store?: SelectedTenantStore }) {
  const selectedTenant = useSyncExternalStore(store.subscribe, store.getSelectedTenant, store.getSelectedTenant);
  const value = useMemo<TenantContextValue>(
    () => ({
      selectedTenant,
      selectedTenantId: selectedTenant?.id ?? null,
      setSelectedTenant: store.setSelectedTenant,
      clearSelectedTenant: store.clearSelectedTenant,
    }),
    [selectedTenant, store],
  );
  return <TenantContext value={value}>{children}</TenantContext>;
}

export function useTenantContext(): TenantContextValue {
  const context = useContext(TenantContext);
  if (!context) throw new Error('useTenantContext must be used within a TenantProvider');
  return context;
}
