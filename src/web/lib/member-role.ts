import { type MemberRole, roleAtLeast } from '../../shared/domain/member-roles';
import { useTenantContext } from './tenant-context';

/** The signed-in user's role in the selected organization (null with none selected). */
export function useMemberRole(): MemberRole | null {
  return useTenantContext().selectedTenant?.role ?? null;
}

/**
 * Whether the user's role in the selected organization reaches `needed`: the web app shows a
 * control only when the server would accept it (docs/architecture.md §Roles per route).
 */
export function useCan(needed: MemberRole): boolean {
  const role = useMemberRole();
  return role !== null && roleAtLeast(role, needed);
}
