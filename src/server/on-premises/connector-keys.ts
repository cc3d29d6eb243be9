// Connector keys (docs/product.md §On-premises Active Directory): 32 random bytes shown once as
// `pwc_<base64url>`, kept only as their SHA-256, scoped to one organization, refused once revoked.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONNECTOR_KEY_PATTERN, connectorMessages } from '../../shared/api/connector-snapshot.js';
import type { Database } from '../db/client.js';
import { onPremisesConnectors } from '../db/schema/index.js';
import { AppError } from '../http/app-error.js';

export interface AuthenticatedConnector {
  connectorId: string;
  tenantId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    connector: AuthenticatedConnector | null;
  }
}

export function generateConnectorKey(): string {
  return `pwc_${randomBytes(32).toString('base64url')}`;
}

export function hashConnectorKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const refused = () => new AppError(401, connectorMessages.keyInvalid);

/** The connector whose key the request's `Authorization: Bearer` names, if enrolled and not revoked; 401 otherwise. */
export async function authenticateConnector(db: Database, request: FastifyRequest, now: Date): Promise<AuthenticatedConnector> {
  const header = request.headers.authorization;
  const key = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  if (!key || !CONNECTOR_KEY_PATTERN.test(key)) throw refused();
  const [row] = await db
    .update(onPremisesConnectors)
    .set({ lastSeenAt: now })
    .where(and(eq(onPremisesConnectors.keyHash, hashConnectorKey(key)), isNull(onPremisesConnectors.revokedAt)))
    .returning({ connectorId: onPremisesConnectors.id, tenantId: onPremisesConnectors.tenantId });
  if (!row) throw refused();
  return row;
}

/** The authenticated connector inside a connector route. */
export function connectorOf(request: FastifyRequest): AuthenticatedConnector {
  if (!request.connector) throw refused();
  return request.connector;
}
