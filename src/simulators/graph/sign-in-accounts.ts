// The work accounts the simulated Microsoft sign-in page offers (docs/domain.md §Admin sign-in for
// Connect with Microsoft): per tenant its Global Administrator and one ordinary user of its
// directory. Their `wids` are the directory role template ids Entra puts in tokens when the app asks
// for directory roles (groupMembershipClaims), so a relying party can tell an admin from a user.
import type { SimTenant } from './directory.js';
import { stableGuid } from './random.js';
import type { GraphSimulatorState } from './state.js';

/** Directory role template ids (the same in every tenant). */
export const DIRECTORY_ROLES = {
  globalAdministrator: '62e90394-69f5-4237-9190-012177145e10',
  privilegedRoleAdministrator: 'e8611ab8-c189-46e8-94e1-60213ab1f814',
  /** "Member" default user role every member user has. */
  defaultUser: 'b79fbf4d-3ef9-4689-8143-76b194e85509',
} as const;

export interface SignInAccount {
  tenant: SimTenant;
  /** The user's object id: the `oid` claim. */
  objectId: string;
  userPrincipalName: string;
  displayName: string;
  /** What the account picker shows under the name. */
  description: string;
  wids: string[];
}

/** The administrator and an ordinary user of `tenant`. */
export function signInAccountsOf(tenant: SimTenant): SignInAccount[] {
  const domain = tenant.domains.find((candidate) => candidate.isInitial)?.id ?? tenant.domains[0]?.id ?? tenant.id;
  const accounts: SignInAccount[] = [
    {
      tenant,
      objectId: stableGuid(`admin:${tenant.id}`),
      userPrincipalName: `admin@${domain}`,
      displayName: `${tenant.displayName} Administrator`,
      description: `Global Administrator, ${tenant.displayName}`,
      wids: [DIRECTORY_ROLES.globalAdministrator, DIRECTORY_ROLES.defaultUser],
    },
  ];
  const user = tenant.users.find((candidate) => candidate.accountEnabled && candidate.userType === 'Member');
  if (user) {
    accounts.push({
      tenant,
      objectId: user.id,
      userPrincipalName: user.userPrincipalName,
      displayName: user.displayName,
      description: `User, ${tenant.displayName}`,
      wids: [DIRECTORY_ROLES.defaultUser],
    });
  }
  return accounts;
}

/** The accounts of every simulated tenant, the named tenant's first. */
export function signInAccounts(state: GraphSimulatorState, firstTenantId?: string): SignInAccount[] {
  const tenants = [...state.tenants.values()].sort((a, b) => Number(b.id === firstTenantId) - Number(a.id === firstTenantId));
  return tenants.flatMap(signInAccountsOf);
}

export function findSignInAccount(state: GraphSimulatorState, objectId: string): SignInAccount | undefined {
  return signInAccounts(state).find((account) => account.objectId.toLowerCase() === objectId.toLowerCase());
}
