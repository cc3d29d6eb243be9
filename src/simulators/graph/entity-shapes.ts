// The properties Graph exposes for each resource type, which of them come back without $select,
// and which boolean properties `$filter=<property> eq true|false` can test.
import type { SimDevice, SimDomain, SimGroup, SimUser } from './directory.js';
import { graphDateTime } from './graph-time.js';

export interface EntityShape<T> {
  /** OData type without '#': 'microsoft.graph.user'. */
  typeName: string;
  /** As Graph names the resource in filter errors: 'User'. */
  resourceName: string;
  properties: Readonly<Record<string, (item: T) => unknown>>;
  defaultProperties: readonly string[];
  filterable: Readonly<Record<string, (item: T) => boolean>>;
}

const optionalDate = (epochMs: number | null) => (epochMs === null ? null : graphDateTime(epochMs));

export const USER_SHAPE: EntityShape<SimUser> = {
  typeName: 'microsoft.graph.user',
  resourceName: 'User',
  properties: {
    id: (user) => user.id,
    accountEnabled: (user) => user.accountEnabled,
    businessPhones: () => [],
    createdDateTime: (user) => graphDateTime(user.createdDateTime),
    department: (user) => user.department,
    displayName: (user) => user.displayName,
    givenName: (user) => user.givenName,
    jobTitle: (user) => user.jobTitle,
    lastPasswordChangeDateTime: (user) => optionalDate(user.lastPasswordChangeDateTime),
    mail: (user) => user.mail,
    mailNickname: (user) => user.userPrincipalName.slice(0, user.userPrincipalName.indexOf('@')),
    mobilePhone: () => null,
    officeLocation: (user) => user.officeLocation,
    onPremisesImmutableId: (user) => user.onPremisesImmutableId,
    onPremisesSecurityIdentifier: (user) => user.onPremisesSecurityIdentifier,
    onPremisesSyncEnabled: (user) => user.onPremisesSyncEnabled,
    passwordPolicies: (user) => user.passwordPolicies,
    preferredLanguage: (user) => user.preferredLanguage,
    proxyAddresses: (user) => (user.mail ? [`SMTP:${user.mail}`] : []),
    surname: (user) => user.surname,
    userPrincipalName: (user) => user.userPrincipalName,
    userType: (user) => user.userType,
  },
  // What GET /users returns without $select (docs/domain.md §Fields read: the password fields are not among them).
  defaultProperties: [
    'businessPhones',
    'displayName',
    'givenName',
    'jobTitle',
    'mail',
    'mobilePhone',
    'officeLocation',
    'preferredLanguage',
    'surname',
    'userPrincipalName',
    'id',
  ],
  filterable: { accountEnabled: (user) => user.accountEnabled },
};

const GROUP_PROPERTIES: EntityShape<SimGroup>['properties'] = {
  id: (group) => group.id,
  createdDateTime: (group) => graphDateTime(group.createdDateTime),
  description: (group) => group.description,
  displayName: (group) => group.displayName,
  groupTypes: (group) => group.groupTypes,
  mail: (group) => group.mail,
  mailEnabled: (group) => group.mailEnabled,
  mailNickname: (group) => group.mailNickname,
  securityEnabled: (group) => group.securityEnabled,
  visibility: (group) => (group.groupTypes.includes('Unified') ? 'Public' : null),
};

export const GROUP_SHAPE: EntityShape<SimGroup> = {
  typeName: 'microsoft.graph.group',
  resourceName: 'Group',
  properties: GROUP_PROPERTIES,
  defaultProperties: Object.keys(GROUP_PROPERTIES),
  filterable: {
    securityEnabled: (group) => group.securityEnabled,
    mailEnabled: (group) => group.mailEnabled,
  },
};

const DEVICE_PROPERTIES: EntityShape<SimDevice>['properties'] = {
  id: (device) => device.id,
  accountEnabled: () => true,
  displayName: (device) => device.displayName,
  operatingSystem: (device) => device.operatingSystem,
};

export const DEVICE_SHAPE: EntityShape<SimDevice> = {
  typeName: 'microsoft.graph.device',
  resourceName: 'Device',
  properties: DEVICE_PROPERTIES,
  defaultProperties: Object.keys(DEVICE_PROPERTIES),
  filterable: {},
};

const DOMAIN_PROPERTIES: EntityShape<SimDomain>['properties'] = {
  authenticationType: (domain) => domain.authenticationType,
  availabilityStatus: () => null,
  id: (domain) => domain.id,
  isAdminManaged: () => true,
  isDefault: (domain) => domain.isDefault,
  isInitial: (domain) => domain.isInitial,
  isRoot: (domain) => domain.isRoot,
  isVerified: (domain) => domain.isVerified,
  supportedServices: (domain) => domain.supportedServices,
  passwordValidityPeriodInDays: (domain) => domain.passwordValidityPeriodInDays,
  passwordNotificationWindowInDays: (domain) => domain.passwordNotificationWindowInDays,
  state: () => null,
};

export const DOMAIN_SHAPE: EntityShape<SimDomain> = {
  typeName: 'microsoft.graph.domain',
  resourceName: 'Domain',
  properties: DOMAIN_PROPERTIES,
  defaultProperties: Object.keys(DOMAIN_PROPERTIES),
  filterable: {},
};

/** The listed properties of `item` (the shape's defaults when `select` is null); unknown names are skipped. */
export function projectEntity<T>(shape: EntityShape<T>, item: T, select: readonly string[] | null): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name of select ?? shape.defaultProperties) {
    const read = shape.properties[name];
    if (read) result[name] = read(item);
  }
  return result;
}
