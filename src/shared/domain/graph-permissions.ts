/**
 * The Microsoft Graph application permissions Passwatch needs, each with admin consent, and what
 * each is used for. Server (token check, messages) and web (Setup Guide) read the same list.
 */
export const REQUIRED_GRAPH_PERMISSIONS = [
  { name: 'User.Read.All', purpose: 'Read users, their account state and last password change' },
  { name: 'Group.Read.All', purpose: 'List the security groups for the include and exclude filters' },
  { name: 'GroupMember.Read.All', purpose: 'Read group members, nested groups included' },
  { name: 'Mail.Send', purpose: 'Send the reminder emails from the sender mailbox' },
  { name: 'Directory.Read.All', purpose: 'Read the domains and their password policies' },
] as const;

export type GraphPermission = (typeof REQUIRED_GRAPH_PERMISSIONS)[number]['name'];

/** The required permissions absent from `granted` (an app-only token's `roles`), in the list's order. */
export function missingGraphPermissions(granted: readonly string[]): GraphPermission[] {
  const grantedSet = new Set(granted);
  return REQUIRED_GRAPH_PERMISSIONS.map(({ name }) => name).filter((name) => !grantedSet.has(name));
}

/** 'Missing application permission Mail.Send: add it ...' for one or more missing permissions. */
export function describeMissingPermissions(missing: readonly string[]): string {
  const many = missing.length > 1;
  return `Missing application permission${many ? 's' : ''} ${missing.join(', ')}: add ${many ? 'them' : 'it'} under API permissions and grant admin consent.`;
}

/**
 * Why the organization's tenant cannot be used, by class (named as the send ledger names the same
 * causes): each has its own label wherever a connection is judged (Test Connection, the header badge).
 */
export const CONNECTION_PROBLEMS = ['credentials', 'consent_missing', 'permission', 'throttled', 'outage', 'unreachable', 'unexpected'] as const;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];

const connectionProblemLabels: Record<ConnectionProblem, string> = {
  credentials: 'Sign-in refused',
  // The app has no service principal in the tenant: consent never given, or removed since.
  consent_missing: 'Admin consent missing',
  permission: 'Missing permissions',
  throttled: 'Throttled by Microsoft',
  outage: 'Microsoft service outage',
  unreachable: 'Microsoft not reachable',
  unexpected: 'Unexpected error',
};

/** 'Microsoft service outage: Microsoft Graph is unavailable (HTTP 503). Try again later.' */
export function describeConnectionProblem(problem: ConnectionProblem | null, message: string): string {
  return problem === null ? message : `${connectionProblemLabels[problem]}: ${message}`;
}
