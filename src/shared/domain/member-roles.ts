// The roles a member holds in an organization (docs/product.md §Teams and roles). One ladder:
// each role may do everything the roles below it may.

export const MEMBER_ROLES = ['owner', 'admin', 'helpdesk', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

const RANK: Record<MemberRole, number> = { viewer: 0, helpdesk: 1, admin: 2, owner: 3 };

export const roleLabels: Record<MemberRole, string> = { owner: 'Owner', admin: 'Admin', helpdesk: 'Helpdesk', viewer: 'Viewer' };

export const roleDescriptions: Record<MemberRole, string> = {
  owner: 'Everything, including billing, members, connecting the directory and deleting the organization.',
  admin: 'Configuration, template, schedule, groups, reminder policy, tests, Run Now, manual and test emails.',
  helpdesk: 'Reads the dashboard, users table, forecast and audit log, and sends one user’s reminder by hand.',
  viewer: 'Reads only.',
};

/** Whether `role` may do what `needed` may (owner ⊇ admin ⊇ helpdesk ⊇ viewer). */
export function roleAtLeast(role: MemberRole, needed: MemberRole): boolean {
  return RANK[role] >= RANK[needed];
}

/** The roles a member holding `role` may hand out (by invitation or a role change): none above their own. */
export function grantableRoles(role: MemberRole): MemberRole[] {
  return MEMBER_ROLES.filter((candidate) => roleAtLeast(role, candidate));
}

export const roleMessages = {
  forbidden: (role: MemberRole, needed: MemberRole) =>
    `Your role (${roleLabels[role]}) cannot do this: it needs ${roleLabels[needed]}${needed === 'owner' ? '' : ' or higher'}.`,
  readOnly: (role: MemberRole) => `Read-only: your role is ${roleLabels[role]}.`,
} as const;
