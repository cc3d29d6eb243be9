// The simulated directory of one Entra tenant: users, groups, devices, domains and the service
// principals (admin consents) of applications. Kept compact so a 100,000-user tenant fits
// comfortably in memory: dates are epoch milliseconds, JSON is only built for the page asked for.
import type { SimOnPremisesDomain } from './on-premises.js';
import { stableGuid } from './random.js';

export interface SimUser {
  id: string;
  displayName: string;
  givenName: string | null;
  surname: string | null;
  userPrincipalName: string;
  mail: string | null;
  accountEnabled: boolean;
  userType: 'Member' | 'Guest';
  passwordPolicies: string | null;
  /** Epoch ms; null when Graph reports null. */
  lastPasswordChangeDateTime: number | null;
  onPremisesSyncEnabled: boolean | null;
  /** A synced user's AD objectSid; null for cloud users. */
  onPremisesSecurityIdentifier: string | null;
  /** A synced user's base64 objectGUID; null for cloud users. */
  onPremisesImmutableId: string | null;
  createdDateTime: number;
  jobTitle: string | null;
  department: string | null;
  officeLocation: string | null;
  /** BCP 47 tag ('de-DE') as Entra holds it; null when unset. */
  preferredLanguage: string | null;
  /** An Exchange Online mailbox exists: sendMail as this user works. */
  hasMailbox: boolean;
}

export interface SimGroup {
  id: string;
  displayName: string;
  description: string | null;
  mail: string | null;
  mailEnabled: boolean;
  mailNickname: string;
  securityEnabled: boolean;
  groupTypes: string[];
  createdDateTime: number;
  /** Direct members: ids of users, groups or devices of the same tenant. */
  memberIds: string[];
}

export interface SimDevice {
  id: string;
  displayName: string;
  operatingSystem: string;
}

export interface SimDomain {
  id: string;
  authenticationType: 'Managed' | 'Federated';
  isDefault: boolean;
  isInitial: boolean;
  isRoot: boolean;
  isVerified: boolean;
  passwordValidityPeriodInDays: number | null;
  passwordNotificationWindowInDays: number | null;
  supportedServices: string[];
}

/** An application's presence in a tenant, holding the application permissions admins consented to. */
export interface ServicePrincipal {
  appId: string;
  objectId: string;
  permissions: Set<string>;
}

export type DirectoryObject = { kind: 'user'; value: SimUser } | { kind: 'group'; value: SimGroup } | { kind: 'device'; value: SimDevice };

export interface TenantContent {
  id: string;
  displayName: string;
  domains: SimDomain[];
  users: SimUser[];
  groups: SimGroup[];
  devices?: SimDevice[];
  /** The on-premises AD its synced users come from, if the demo shows one. */
  onPremises?: SimOnPremisesDomain | null;
}

/**
 * A tenant's directory. Its content is not changed after registration (indexes and the transitive
 * membership cache are built lazily from it); consents live in `servicePrincipals` and may change.
 */
export class SimTenant {
  readonly id: string;
  readonly displayName: string;
  readonly domains: readonly SimDomain[];
  readonly users: readonly SimUser[];
  readonly groups: readonly SimGroup[];
  readonly devices: readonly SimDevice[];
  readonly onPremises: SimOnPremisesDomain | null;
  /** By lower-case appId. */
  readonly servicePrincipals = new Map<string, ServicePrincipal>();
  private objectsById: Map<string, DirectoryObject> | undefined;
  private usersByPrincipalName: Map<string, SimUser> | undefined;
  private departmentHeads: Map<string, SimUser> | undefined;
  private readonly transitiveMembersCache = new Map<string, readonly DirectoryObject[]>();

  constructor(content: TenantContent) {
    this.id = content.id;
    this.displayName = content.displayName;
    this.domains = content.domains;
    this.users = content.users;
    this.groups = content.groups;
    this.devices = content.devices ?? [];
    this.onPremises = content.onPremises ?? null;
  }

  /** Admin consent: creates or replaces the app's service principal with these application permissions. */
  grantConsent(appId: string, permissions: Iterable<string>): ServicePrincipal {
    const servicePrincipal = { appId, objectId: stableGuid(`sp:${this.id}:${appId}`), permissions: new Set(permissions) };
    this.servicePrincipals.set(appId.toLowerCase(), servicePrincipal);
    return servicePrincipal;
  }

  servicePrincipalOf(appId: string): ServicePrincipal | undefined {
    return this.servicePrincipals.get(appId.toLowerCase());
  }

  /** By object id or by userPrincipalName (case-insensitive), as `/users/{id | userPrincipalName}` does. */
  findUser(idOrPrincipalName: string): SimUser | undefined {
    const byId = this.findObject(idOrPrincipalName);
    if (byId?.kind === 'user') return byId.value;
    this.usersByPrincipalName ??= new Map(this.users.map((user) => [user.userPrincipalName.toLowerCase(), user]));
    return this.usersByPrincipalName.get(idOrPrincipalName.toLowerCase());
  }

  /**
   * The user's manager (`/users/{id}/manager`). The simulated org chart: the first member listed
   * in a department heads it and manages the department's other members; heads, guests and
   * accounts without a department have no manager.
   */
  managerOf(user: SimUser): SimUser | undefined {
    if (user.userType !== 'Member' || user.department === null) return undefined;
    if (!this.departmentHeads) {
      const heads = new Map<string, SimUser>();
      for (const candidate of this.users) {
        if (candidate.userType === 'Member' && candidate.department !== null && !heads.has(candidate.department)) heads.set(candidate.department, candidate);
      }
      this.departmentHeads = heads;
    }
    const head = this.departmentHeads.get(user.department);
    return head === user ? undefined : head;
  }

  findGroup(id: string): SimGroup | undefined {
    const found = this.findObject(id);
    return found?.kind === 'group' ? found.value : undefined;
  }

  findObject(id: string): DirectoryObject | undefined {
    if (!this.objectsById) {
      const index = new Map<string, DirectoryObject>();
      for (const value of this.users) index.set(value.id.toLowerCase(), { kind: 'user', value });
      for (const value of this.groups) index.set(value.id.toLowerCase(), { kind: 'group', value });
      for (const value of this.devices) index.set(value.id.toLowerCase(), { kind: 'device', value });
      this.objectsById = index;
    }
    return this.objectsById.get(id.toLowerCase());
  }

  /**
   * Every object reachable through membership, nested groups included (the groups themselves
   * are listed too, as Graph does), each once, in depth-first order. Cycles are tolerated.
   */
  transitiveMembers(group: SimGroup): readonly DirectoryObject[] {
    const cached = this.transitiveMembersCache.get(group.id);
    if (cached) return cached;
    const result: DirectoryObject[] = [];
    const seen = new Set<string>([group.id]);
    const visit = (memberIds: readonly string[]) => {
      for (const memberId of memberIds) {
        if (seen.has(memberId)) continue;
        seen.add(memberId);
        const member = this.findObject(memberId);
        if (!member) continue;
        result.push(member);
        if (member.kind === 'group') visit(member.value.memberIds);
      }
    };
    visit(group.memberIds);
    this.transitiveMembersCache.set(group.id, result);
    return result;
  }
}
