import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Tenant } from '../../shared/api/tenants';
import { AppProviders } from '@/app/app';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { selectedTenantStore } from '@/lib/tenant-store';

/**
 * Mounts a screen in the DOM (jsdom) inside the app's providers, with the toasts, for `selected`
 * organization: what it shows comes from the network, which the test stubs (api-stub.ts).
 */
export function renderInApp(element: ReactNode, { selected }: { selected: Tenant }) {
  selectedTenantStore.setSelectedTenant(selected);
  const { hook } = memoryLocation({ path: '/dashboard' });
  return render(
    <AppProviders queryClient={createQueryClient()} tenantStore={selectedTenantStore}>
      <TooltipProvider>
        <Router hook={hook}>{element}</Router>
      </TooltipProvider>
      <Toaster />
    </AppProviders>,
  );
}
