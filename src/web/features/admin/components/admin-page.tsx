import { BackToDashboardLink } from '@/components/back-to-dashboard-link';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';

export function AdminPage() {
  return (
    <PageLayout
      title="Admin Dashboard"
      actions={
        <>
          <BackToDashboardLink />
          <LogoutButton />
        </>
      }
    />
  );
}
