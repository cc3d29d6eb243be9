/**
 * The Microsoft Graph application permissions Passwatch needs, each with admin consent
 * (spec section 6, shared/DOMAIN.md section 1), and what each is used for.
 */
export const REQUIRED_GRAPH_PERMISSIONS = [
  { name: 'User.Read.All', purpose: 'Read users, their account state and last password change' },
  { name: 'Group.Read.All', purpose: 'List the security groups for the include and exclude filters' },
  { name: 'GroupMember.Read.All', purpose: 'Read group members, nested groups included' },
  { name: 'Mail.Send', purpose: 'Send the reminder emails from the sender mailbox' },
  { name: 'Directory.Read.All', purpose: "Read the domains and their password policies" },
] as const;

/** Spec section 9: the suggested client secret lifetime. */
export const SUGGESTED_SECRET_LIFETIME_MONTHS = 24;
