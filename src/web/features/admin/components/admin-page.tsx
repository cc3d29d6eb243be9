import { BackToDashboardLink } from '@/components/back-to-dashboard-link';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminStatCards } from './admin-stat-cards';
import { AdminSubscriptionsTab } from './admin-subscriptions-tab';
import { AdminUsersTab } from './admin-users-tab';
import { AnnouncementsCard } from './announcements-card';
import { ExportUsersButton } from './export-users-button';
import { OperatorAuditCard } from './operator-audit-card';

/** /admin: the operator's view of subscribers and revenue, and of what operators did (operator admins only). */
export function AdminPage() {
  return (
    <PageLayout
      title="Admin Dashboard"
      description="Subscribers and revenue across all organizations."
      actions={
        <>
          <ExportUsersButton />
          <BackToDashboardLink />
          <LogoutButton />
        </>
      }
    >
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <AdminStatCards />
          <OperatorAuditCard />
          <AnnouncementsCard />
        </TabsContent>
        <TabsContent value="users">
          <AdminUsersTab />
        </TabsContent>
        <TabsContent value="subscriptions">
          <AdminSubscriptionsTab />
        </TabsContent>
      </Tabs>
    </PageLayout>
  );
}
