import { Building2Icon, ChevronsUpDownIcon, LayoutGridIcon, TableIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTenantContext } from '@/lib/tenant-context';
import { useTenants } from '../api/get-tenants';

/** Header control: shows the selected organization and switches to another or back to the picker. */
export function OrganizationSwitcher() {
  const { selectedTenant, setSelectedTenant, clearSelectedTenant } = useTenantContext();
  const { data: tenants = [] } = useTenants();
  const currentName = selectedTenant?.name ?? 'No organization';
  const [, navigate] = useLocation();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="max-w-60" aria-label={`Organization: ${currentName}`}>
          <Building2Icon aria-hidden />
          <span className="truncate">{currentName}</span>
          <ChevronsUpDownIcon className="opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Switch organization</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={selectedTenant?.id}
          onValueChange={(id) => {
            const tenant = tenants.find((candidate) => candidate.id === id);
            if (tenant) setSelectedTenant(tenant);
          }}
        >
          {tenants.map((tenant) => (
            <DropdownMenuRadioItem key={tenant.id} value={tenant.id}>
              <span className="grid min-w-0">
                <span className="truncate">{tenant.name}</span>
                <span className="truncate text-xs text-muted-foreground">{tenant.domain}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={clearSelectedTenant}>
          <LayoutGridIcon aria-hidden />
          All organizations
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/organizations')}>
          <TableIcon aria-hidden />
          Overview of all
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
