import { BackToDashboardLink } from '@/components/back-to-dashboard-link';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';

export function AccountPage() {
  return (
    <PageLayout
      title="Account Settings"
      actions={
        <>
          <BackToDashboardLink />
          <LogoutButton />
        </>
      }
    />
  );
}
