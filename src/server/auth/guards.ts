import type { FastifyReply, FastifyRequest } from 'fastify';
import { isGuid } from '../../shared/api/guid.js';
import type { MemberRole } from '../../shared/domain/member-roles.js';
import { tenantMessages } from '../../shared/domain/validation-messages.js';
import { badRequest, notFound, unauthorized } from '../http/app-error.js';
import { SESSION_COOKIE } from './cookies.js';
import type { SessionStore } from './session-store.js';

interface RequestAuth {
  sessionToken: string;
  userId: string;
  idToken: string | null;
}

interface TenantAccess {
  tenantId: string;
  role: MemberRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    tenantAccess: TenantAccess | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  /** Loads the session from the cookie; answers 401 when there is none. */
  requireUser: Guard;
  /**
   * The one tenant guard every tenant-scoped route uses: `x-tenant-id` must name an organization
   * the signed-in user belongs to. Missing -> 400 `Tenant ID required`; anyone else's (or
   * unknown) -> 404, so the answer does not reveal whether it exists.
   */
  requireTenant: Guard;
}

export function createGuards(sessions: SessionStore): Guards {
  const requireUser: Guard = async (request) => {
    if (request.auth) return;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await sessions.find(token) : null;
    if (!token || !session) throw unauthorized();
    request.auth = { sessionToken: token, userId: session.userId, idToken: session.idToken };
  };

  const requireTenant: Guard = async (request, reply) => {
    const tenantId = tenantIdHeader(request);
    if (!tenantId || !isGuid(tenantId)) {
      // Signed out is told before a bad organization id.
      await requireUser(request, reply);
      throw tenantId ? notFound(tenantMessages.organizationNotFound) : badRequest(tenantMessages.tenantIdRequired);
    }
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await sessions.findWithMembership(token, tenantId) : null;
    if (!token || !session) throw unauthorized();
    request.auth = { sessionToken: token, userId: session.userId, idToken: session.idToken };
    if (!session.role) throw notFound(tenantMessages.organizationNotFound);
    request.tenantAccess = { tenantId, role: session.role };
  };

  return { requireUser, requireTenant };
}

/** The organization the web app names in `x-tenant-id` (trimmed; the first of repeated headers), or null. */
export function tenantIdHeader(request: FastifyRequest): string | null {
  const header = request.headers['x-tenant-id'];
  return (Array.isArray(header) ? header[0] : header)?.trim() || null;
}

/** The signed-in user's id inside a handler guarded by requireUser. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized();
  return request.auth.userId;
}

/** The organization's id inside a handler guarded by requireTenant. */
export function tenantIdOf(request: FastifyRequest): string {
  if (!request.tenantAccess) throw badRequest(tenantMessages.tenantIdRequired);
  return request.tenantAccess.tenantId;
}
