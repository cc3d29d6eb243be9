// Application permissions (Graph app roles) and which ones each operation accepts, least
// privileged first, as listed on each Graph API page.

export const PASSWATCH_PERMISSIONS = ['User.Read.All', 'Group.Read.All', 'GroupMember.Read.All', 'Mail.Send', 'Directory.Read.All'] as const;

export const READ_USERS = ['User.Read.All', 'User.ReadWrite.All', 'Directory.Read.All', 'Directory.ReadWrite.All'];

export const READ_DOMAINS = ['Domain.Read.All', 'Domain.ReadWrite.All', 'Directory.Read.All', 'Directory.ReadWrite.All'];

/** Listing groups only needs GroupMember.Read.All (Graph's least privileged choice). */
export const READ_GROUPS = [
  'GroupMember.Read.All',
  'Group.Read.All',
  'GroupMember.ReadWrite.All',
  'Group.ReadWrite.All',
  'Directory.Read.All',
  'Directory.ReadWrite.All',
];

/**
 * Listing a group's members accepts the same permissions as listing groups.
 * @alias
 */
export const READ_GROUP_MEMBERS = READ_GROUPS;

export const SEND_MAIL = ['Mail.Send'];
