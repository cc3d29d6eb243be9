import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { DemoBanner } from '@/features/demo/components/demo-banner';
import { createQueryClient } from '@/lib/query-client';
import { authUserQueryKey, userScopedQueryKeys } from '@/lib/query-keys';
import { TenantProvider } from '@/lib/tenant-context';
import { resetQueriesOnTenantChange } from '@/lib/tenant-query-reset';
import { selectedTenantStore, type SelectedTenantStore } from '@/lib/tenant-store';
import { AppRoutes } from './routes';

// A 401 from any call means the session ended: re-ask who the user is, which shows the landing
// page if they are signed out.
const appQueryClient = createQueryClient({
  onUnauthorized: (client) => void client.invalidateQueries({ queryKey: authUserQueryKey }),
});

export function AppProviders({
  children,
  queryClient = appQueryClient,
  tenantStore = selectedTenantStore,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  tenantStore?: SelectedTenantStore;
}) {
  useEffect(() => resetQueriesOnTenantChange(tenantStore, queryClient, userScopedQueryKeys), [tenantStore, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <TenantProvider store={tenantStore}>{children}</TenantProvider>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <DemoBanner />
      <AppRoutes />
    </AppProviders>
  );
}
