import { decodeJwt } from 'jose';
import { missingGraphPermissions, type GraphPermission } from '../../../shared/domain/graph-permissions.js';
import type { GraphClient } from './graph-client.js';

export interface AccessTokenClaims {
  /** `tid`: the directory that issued the token. */
  entraTenantId: string | null;
  /** `roles`: the application permissions granted with admin consent. */
  roles: string[] | null;
}

/**
 * The claims Entra puts in app-only Graph tokens. They are read, not verified: the token came
 * straight from the token endpoint over TLS, and Graph itself is the one that validates it. A
 * token that is not a JWT (Microsoft does not promise the format) gives nulls.
 */
export function accessTokenClaims(accessToken: string): AccessTokenClaims {
  try {
    const payload = decodeJwt(accessToken);
    return {
      entraTenantId: typeof payload.tid === 'string' ? payload.tid : null,
      roles: Array.isArray(payload.roles) ? payload.roles.filter((role): role is string => typeof role === 'string') : null,
    };
  } catch {
    return { entraTenantId: null, roles: null };
  }
}

/** The required permissions the client's current token lacks; undefined when its roles cannot be read. */
export async function missingPermissionsOf(client: GraphClient): Promise<GraphPermission[] | undefined> {
  const { roles } = accessTokenClaims(await client.acquireToken());
  return roles === null ? undefined : missingGraphPermissions(roles);
}
