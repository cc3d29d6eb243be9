// Who is calling Graph: the tenant and application of the bearer token, and the permissions
// (token roles) consented when it was issued.
import type { FastifyRequest } from 'fastify';
import { resolveAccessToken } from './access-tokens.js';
import type { SimTenant } from './directory.js';
import { type GraphError, insufficientPrivileges, invalidAuthenticationToken } from './errors.js';
import type { GraphSimulatorState } from './state.js';

export interface GraphCaller {
  tenant: SimTenant;
  appId: string;
  roles: ReadonlySet<string>;
}

export function authenticateCaller(state: GraphSimulatorState, request: FastifyRequest): GraphCaller {
  const token = resolveAccessToken(state, request.headers.authorization);
  const tenant = state.tenants.get(token.tenantId.toLowerCase());
  if (!tenant) throw invalidAuthenticationToken('Access token validation failure.');
  return { tenant, appId: token.appId, roles: token.roles };
}

/** Passes when the caller holds any of `anyOf`; else the denial (403 Authorization_RequestDenied by default). */
export function requirePermission(caller: GraphCaller, anyOf: readonly string[], denial: () => GraphError = insufficientPrivileges): void {
  if (!anyOf.some((permission) => caller.roles.has(permission))) throw denial();
}
