import { createContext, type ReactNode, useContext } from 'react';
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

/** Inside a part already shown read-only: a nested one adds no second notice. */
const InsideReadOnly = createContext(false);

/**
 * Its children as they are when the user's role reaches `needed`; otherwise under a notice saying
 * why, with every control disabled (a disabled fieldset), so nothing offered would be refused.
 * Nested inside another read-only part, the outer notice and fieldset already say and do it.
 */
export function ReadOnlyUnless({ needed, children }: { needed: MemberRole; children: ReactNode }) {
  const role = useMemberRole();
  const insideReadOnly = useContext(InsideReadOnly);
  if (!role || roleAtLeast(role, needed) || insideReadOnly) return children;
  return (
    <div className="grid gap-6">
      <ReadOnlyNotice role={role} needed={needed} />
      <fieldset disabled className="grid min-w-0 gap-6">
        <InsideReadOnly.Provider value={true}>{children}</InsideReadOnly.Provider>
      </fieldset>
    </div>
  );
}

/** Its children only when the user's role reaches `needed`. */
export function OnlyFor({ needed, children }: { needed: MemberRole; children: ReactNode }) {
  const role = useMemberRole();
  return role && roleAtLeast(role, needed) ? children : null;
}
