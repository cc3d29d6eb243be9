import type { ReactNode } from 'react';
import { type MemberRole, roleAtLeast, roleLabels, roleMessages } from '../../shared/domain/member-roles';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useMemberRole } from '@/lib/member-role';

/** Why a part of the page is read-only: the user's role, and the role it takes. */
export function ReadOnlyNotice({ role, needed }: { role: MemberRole; needed: MemberRole }) {
  return (
    <Alert role="status">
      <AlertTitle>{roleMessages.readOnly(role)}</AlertTitle>
      <AlertDescription>
        Changing this takes the {roleLabels[needed]} role{needed === 'owner' ? '' : ' or higher'}. An owner can change roles on the Members page.
      </AlertDescription>
    </Alert>
  );
}

/**
 * Its children as they are when the user's role reaches `needed`; otherwise under a notice saying
 * why, with every control disabled (a disabled fieldset), so nothing offered would be refused.
 */
export function ReadOnlyUnless({ needed, children }: { needed: MemberRole; children: ReactNode }) {
  const role = useMemberRole();
  if (!role || roleAtLeast(role, needed)) return children;
  return (
    <div className="grid gap-6">
      <ReadOnlyNotice role={role} needed={needed} />
      <fieldset disabled className="grid min-w-0 gap-6">
        {children}
      </fieldset>
    </div>
  );
}

/** Its children only when the user's role reaches `needed`. */
export function OnlyFor({ needed, children }: { needed: MemberRole; children: ReactNode }) {
  const role = useMemberRole();
  return role && roleAtLeast(role, needed) ? children : null;
}
