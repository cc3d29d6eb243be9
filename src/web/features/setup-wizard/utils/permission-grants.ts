import type { ConnectionStatus } from '../../../../shared/api/configuration';

export type PermissionGrant = 'granted' | 'missing';

/**
 * Each required permission's state as the last token's roles showed it, or null while that is
 * unknown (nothing checked yet, or the last check failed before permissions could be seen).
 */
export function permissionGrants(status: ConnectionStatus | undefined): ((permission: string) => PermissionGrant) | null {
  if (!status?.configured) return null;
  const known = status.connectionStatus === 'connected' || status.missingPermissions.length > 0;
  if (!known) return null;
  const missing = new Set(status.missingPermissions);
  return (permission) => (missing.has(permission) ? 'missing' : 'granted');
}
