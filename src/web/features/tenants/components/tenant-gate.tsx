import { useEffect, useState, type ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageSpinner } from '@/components/ui/spinner';
import { useTenantContext } from '@/lib/tenant-context';
import { useTenants } from '../api/get-tenants';
import { resolveTenantSelection } from '../utils/resolve-tenant-selection';
import { OrganizationPicker } from './organization-picker';

/**
 * Renders its children only with a valid organization selected; otherwise the organization
 * picker. The remembered selection is checked against the user's organizations first.
 */
export function TenantGate({ children }: { children: ReactNode }) {
  const { data: tenants, error, refetch } = useTenants();
  const { selectedTenant, setSelectedTenant, clearSelectedTenant } = useTenantContext();
  // A lone organization is chosen automatically only on arrival, so that "All organizations" in
  // the switcher still leads to the picker (to add a second one).
  const [autoSelect, setAutoSelect] = useState(true);
  const change = tenants ? resolveTenantSelection({ selected: selectedTenant, tenants, autoSelect }) : null;

  useEffect(() => {
    if (!change) return;
    setAutoSelect(false);
    if (change.type === 'select') setSelectedTenant(change.tenant);
    if (change.type === 'clear') clearSelectedTenant();
  }, [change, setSelectedTenant, clearSelectedTenant]);

  if (error) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <LoadErrorAlert title="Unable to load organizations" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  // Refreshing the selected organization's fields (say, its subscription status) keeps the page
  // mounted; only a switch to another organization, or none, waits for the new selection.
  const refreshesSelection = change?.type === 'select' && change.tenant.id === selectedTenant?.id;
  if (!tenants || !change || (change.type !== 'keep' && !refreshesSelection)) return <PageSpinner label="Loading organizations" />;
  if (!selectedTenant) return <OrganizationPicker tenants={tenants} onManage={setSelectedTenant} />;
  return children;
}
