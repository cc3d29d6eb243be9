import type { ReactNode } from 'react';
import { CompassIcon } from 'lucide-react';
import { Link } from 'wouter';
import { AppHeader } from '@/components/app-header';
import { LogoutButton } from '@/components/logout-button';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTenantContext } from '@/lib/tenant-context';
import { cn } from '@/lib/utils';
import { useConnectionStatus } from '../api/get-connection-status';
import { DASHBOARD_TABS, isDashboardTab, type DashboardTab } from '../utils/dashboard-tabs';
import { ConnectionBadge } from './connection-badge';
import { WelcomeCard } from './welcome-card';

export interface DashboardPageProps {
  isAdmin: boolean;
  organizationSwitcher: ReactNode;
  activeTab: DashboardTab;
  onActiveTabChange: (tab: DashboardTab) => void;
  /** The Setup Guide button and the welcome card's Start Setup Wizard open the wizard; null hides both (the role may not configure). */
  onOpenSetupGuide: (() => void) | null;
  /** Warnings that concern the whole organization (e.g. the client secret's expiry), above the stat cards. */
  notices?: ReactNode;
  /** The four stat cards above the tabs (overview feature). */
  statCards?: ReactNode;
  /** Each tab's panel, composed by the app from the features that own them. */
  tabs: Partial<Record<DashboardTab, ReactNode>>;
}

/**
 * The dashboard shell for the selected organization: header, welcome card and tabs. The panels
 * and the organization switcher come from other features, passed in by the app.
 */
export function DashboardPage({ isAdmin, organizationSwitcher, activeTab, onActiveTabChange, onOpenSetupGuide, notices, statCards, tabs }: DashboardPageProps) {
  const { selectedTenant } = useTenantContext();
  const { data: connection, isPending: connectionPending } = useConnectionStatus();

  // Until the connection is known, the page is laid out (its data loads) but not shown: the
  // header's connection badge and the welcome card appearing would push what is below them aside
  // (layout shifts; at a phone's width the badge wraps the header onto another line).
  return (
    <>
      {connectionPending && <PageSpinner label="Loading dashboard" />}
      <div className={cn('min-h-screen', connectionPending && 'invisible')}>
        <AppHeader>
          <nav aria-label="Main" className="flex flex-wrap items-center gap-1 sm:gap-2">
            {isAdmin && <HeaderLink href="/admin">Admin</HeaderLink>}
            <HeaderLink href="/members">Members</HeaderLink>
            <HeaderLink href="/account">Account</HeaderLink>
            <HeaderLink href="/subscription">Subscription</HeaderLink>
            {onOpenSetupGuide && (
              <Button variant="outline" size="sm" onClick={onOpenSetupGuide}>
                <CompassIcon aria-hidden />
                Setup Guide
              </Button>
            )}
            <ConnectionBadge />
            {organizationSwitcher}
            <LogoutButton />
          </nav>
        </AppHeader>
        <main className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
          <div className="space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
            {selectedTenant && (
              <p className="text-sm text-muted-foreground">
                {selectedTenant.name} · {selectedTenant.domain}
              </p>
            )}
          </div>
          <div className="grid min-w-0 gap-6">
            {connection && !connection.configured && onOpenSetupGuide && <WelcomeCard onStartSetup={onOpenSetupGuide} />}
            {notices}
            {statCards}
            <Tabs value={activeTab} onValueChange={(value) => isDashboardTab(value) && onActiveTabChange(value)}>
              <TabsList>
                {DASHBOARD_TABS.map((tab) => (
                  <TabsTrigger key={tab.value} value={tab.value}>
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {DASHBOARD_TABS.map((tab) => (
                <TabsContent key={tab.value} value={tab.value}>
                  {tabs[tab.value]}
                </TabsContent>
              ))}
            </Tabs>
          </div>
        </main>
      </div>
    </>
  );
}

function HeaderLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link href={href}>{children}</Link>
    </Button>
  );
}
