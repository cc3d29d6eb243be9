import type { ReactNode } from 'react';
import { BackToDashboardLink } from '@/components/back-to-dashboard-link';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';
import { OnlyFor } from '@/components/role-gate';
import { useTenantContext } from '@/lib/tenant-context';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';

/** /members: who shares the selected organization, with which role; owners manage them and invite colleagues. */
export function MembersPage({ currentUserId, organizationSwitcher }: { currentUserId: string; organizationSwitcher: ReactNode }) {
  const { selectedTenant } = useTenantContext();
  return (
    <PageLayout
      title="Members"
      description={selectedTenant ? `${selectedTenant.name}: who shares it, and what each may do.` : undefined}
      actions={
        <>
          <BackToDashboardLink />
          {organizationSwitcher}
          <LogoutButton />
        </>
      }
    >
      <div className="grid max-w-5xl gap-6">
        <MembersCard currentUserId={currentUserId} />
        <OnlyFor needed="owner">
          <InvitationsCard />
        </OnlyFor>
      </div>
    </PageLayout>
  );
}
