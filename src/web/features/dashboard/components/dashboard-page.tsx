import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '@/components/brand';
import { LogoutButton } from '@/components/logout-button';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTenantContext } from '@/lib/tenant-context';

// The panels are filled by the overview, configuration, testing and help features.
const dashboardTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'configuration', label: 'Configuration' },
  { value: 'testing', label: 'Testing' },
  { value: 'help', label: 'Help & Documentation' },
] as const;

/**
 * The dashboard shell for the selected organization. The organization switcher is passed in by
 * the app, since features do not import each other.
 */
export function DashboardPage({ isAdmin, organizationSwitcher }: { isAdmin: boolean; organizationSwitcher: ReactNode }) {
  const { selectedTenant } = useTenantContext();
  return (
    <div className="min-h-screen">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
          <Link href="/dashboard" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <Brand />
          </Link>
          <nav aria-label="Main" className="flex flex-wrap items-center gap-1 sm:gap-2">
            {isAdmin && <HeaderLink href="/admin">Admin</HeaderLink>}
            <HeaderLink href="/account">Account</HeaderLink>
            <HeaderLink href="/subscription">Subscription</HeaderLink>
            {organizationSwitcher}
            <LogoutButton />
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
          {selectedTenant && (
            <p className="text-sm text-muted-foreground">
              {selectedTenant.name} · {selectedTenant.domain}
            </p>
          )}
        </div>
        <Tabs defaultValue="overview">
          <TabsList>
            {dashboardTabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {dashboardTabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} />
          ))}
        </Tabs>
      </main>
    </div>
  );
}

function HeaderLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link href={href}>{children}</Link>
    </Button>
  );
}
