import { Building2Icon, PlusIcon } from 'lucide-react';
import type { Tenant } from '../../../../shared/api/tenants';
import { Brand } from '@/components/brand';
import { LogoutButton } from '@/components/logout-button';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { CreateOrganizationDialog } from './create-organization-dialog';

/** Shown to a signed-in user with no organization selected. */
export function OrganizationPicker({ tenants, onManage }: { tenants: readonly Tenant[]; onManage: (tenant: Tenant) => void }) {
  return (
    <div className="min-h-screen">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Brand />
          <LogoutButton />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <div className="mb-8 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Select an Organization</h1>
          <p className="text-sm text-muted-foreground">Choose the organization you want to manage, or add a new one.</p>
        </div>
        {tenants.length === 0 ? <NoOrganizations /> : <OrganizationGrid tenants={tenants} onManage={onManage} />}
      </main>
    </div>
  );
}

function NoOrganizations() {
  return (
    <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Building2Icon className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">No Organizations Yet</h2>
      <p className="mt-1 mb-6 max-w-sm text-sm text-muted-foreground">Add your first organization to start monitoring password expiry and sending reminders.</p>
      <CreateOrganizationDialog
        trigger={
          <Button>
            <PlusIcon aria-hidden />
            Add New Organization
          </Button>
        }
      />
    </div>
  );
}

function OrganizationGrid({ tenants, onManage }: { tenants: readonly Tenant[]; onManage: (tenant: Tenant) => void }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tenants.map((tenant) => {
        const titleId = `organization-${tenant.id}-name`;
        return (
          <li key={tenant.id}>
            <Card className="h-full gap-4">
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Building2Icon className="size-5" aria-hidden />
                </span>
                <CardTitle asChild>
                  <h2 id={titleId} className="truncate">
                    {tenant.name}
                  </h2>
                </CardTitle>
                <CardDescription className="truncate">{tenant.domain}</CardDescription>
              </CardHeader>
              <CardFooter className="mt-auto">
                {/* The visible name stays "Manage"; the card title tells which organization. */}
                <Button className="w-full" aria-describedby={titleId} onClick={() => onManage(tenant)}>
                  Manage
                </Button>
              </CardFooter>
            </Card>
          </li>
        );
      })}
      <li>
        <CreateOrganizationDialog
          trigger={
            <button
              type="button"
              className={
                'flex h-full min-h-44 w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed ' +
                'border-input bg-transparent p-6 text-sm font-medium text-muted-foreground transition-colors outline-none ' +
                'hover:border-primary/50 hover:bg-accent/50 hover:text-accent-foreground focus-visible:ring-[3px] ' +
                'focus-visible:ring-ring/50'
              }
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-muted">
                <PlusIcon className="size-5" aria-hidden />
              </span>
              Add New Organization
            </button>
          }
        />
      </li>
    </ul>
  );
}
