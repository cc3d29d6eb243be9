// The seeded demo directories. Contoso holds one or more users for every rule of
// docs/domain.md §Password expiry (README.md maps each user to its rule); its dates are computed from the simulator
// clock at seeding time, so "expires in 3 days" stays true whenever the simulator starts.
import {
  CONTOSO_TENANT_ID,
  DEMO_APP_WITH_EXPIRED_SECRET,
  DEMO_APP_WITHOUT_CONSENT,
  DEMO_APP_WITHOUT_GROUP_MEMBER_READ,
  DEMO_APP_WITHOUT_MAIL_SEND,
  DEMO_GRAPH_CREDENTIALS,
  FABRIKAM_TENANT_ID,
} from './demo-credentials.js';
import { SimTenant, type SimDomain, type SimGroup, type SimUser } from './directory.js';
import { generateTenant, managedDomain } from './generator.js';
import { DAY_MS } from '../shared/formats.js';
import { wholeSeconds } from './graph-time.js';
import { PASSWATCH_PERMISSIONS } from './permissions.js';
import { buildDevices, buildPopulation, buildSenderMailbox, buildStandardGroups, makeGroup } from './population.js';
import { createRandom, stableGuid, type Random } from './random.js';
import { domainSidOf, immutableIdOf, onPremisesDomainOf, SYNC_DELAY_MS, type SimAdUser, type SimOnPremisesDomain } from './on-premises.js';
import type { AppRegistration, TenantBundle, TenantCredentials } from './state.js';

const CONTOSO_FILLER_USERS = 320;

/**
 * The preferredLanguage of Contoso's generated members, by office: derived rather than drawn, so
 * the seeded directory stays what it was otherwise. Entra leaves it unset for many users.
 */
const OFFICE_LANGUAGES: Readonly<Record<string, string>> = { Seattle: 'en-US', London: 'en-GB', Munich: 'de-DE' };
const CONTOSO_SEED = 2024;
const FABRIKAM_SEED = 31;

/** Contoso (a few hundred users) and Fabrikam (a small tenant, home of the multi-tenant app). */
export function buildDemoTenants(now: Date): TenantBundle[] {
  return [buildContoso(now.getTime()), buildFabrikam(now)];
}

const CONTOSO_DOMAINS: readonly SimDomain[] = [
  managedDomain('contoso.com', { isDefault: true, validity: 90 }),
  subdomain('eu.contoso.com', null, null),
  subdomain('apac.contoso.com', 60, 7),
  managedDomain('contoso.onmicrosoft.com', { isInitial: true, validity: 2_147_483_647 }),
  { ...managedDomain('fabrikam-partners.com', { validity: 90 }), authenticationType: 'Federated' },
  managedDomain('litwareinc.com', { validity: null }),
];

function subdomain(id: string, validity: number | null, window: number | null): SimDomain {
  return {
    ...managedDomain(id, { validity }),
    isRoot: false,
    passwordNotificationWindowInDays: window,
  };
}

function buildContoso(now: number): TenantBundle {
  const random = createRandom(CONTOSO_SEED);
  /** lastPasswordChangeDateTime that makes the password expire `days` from now under `validity`. */
  const expiringIn = (days: number, validity = 90) => wholeSeconds(now - validity * DAY_MS + days * DAY_MS);
  const daysAgo = (days: number) => wholeSeconds(now - days * DAY_MS);
  const person = (upn: string, displayName: string, department: string | null, overrides: Partial<SimUser>): SimUser => {
    const [givenName = null, ...rest] = displayName.split(' ');
    return {
      id: stableGuid(`contoso:${upn.toLowerCase()}`),
      displayName,
      givenName,
      surname: rest.length > 0 ? rest.join(' ') : null,
      userPrincipalName: upn,
      mail: upn,
      accountEnabled: true,
      userType: 'Member',
      passwordPolicies: null,
      lastPasswordChangeDateTime: expiringIn(45),
      onPremisesSyncEnabled: null,
      onPremisesSecurityIdentifier: null,
      onPremisesImmutableId: null,
      createdDateTime: daysAgo(800),
      jobTitle: null,
      department,
      officeLocation: 'Seattle',
      preferredLanguage: null,
      hasMailbox: true,
      ...overrides,
    };
  };

  // Synced from CORP (corp.contoso.com): Entra Connect stamps DisablePasswordExpiration and Graph's
  // change time is when the hash arrived, two minutes after the change on-premises.
  let nextRid = CONTOSO_FIRST_NAMED_RID;
  const onPremises: Record<string, Omit<SimAdUser, 'objectSid' | 'objectGuid' | 'userPrincipalName' | 'sAMAccountName' | 'mail'>> = {};
  const syncedPerson = (
    upn: string,
    displayName: string,
    department: string,
    ad: { changedDaysAgo: number | null; pso?: string; neverExpires?: boolean },
    overrides: Partial<SimUser> = {},
  ) => {
    const id = stableGuid(`contoso:${upn.toLowerCase()}`);
    const pwdLastSetMs = ad.changedDaysAgo === null ? null : wholeSeconds(now - ad.changedDaysAgo * DAY_MS);
    onPremises[upn] = { pwdLastSetMs, disabled: false, passwordNeverExpires: ad.neverExpires === true, pso: ad.pso ?? null };
    return person(upn, displayName, department, {
      onPremisesSyncEnabled: true,
      onPremisesSecurityIdentifier: `${CONTOSO_DOMAIN_SID}-${nextRid++}`,
      onPremisesImmutableId: immutableIdOf(id),
      passwordPolicies: 'DisablePasswordExpiration',
      lastPasswordChangeDateTime: (pwdLastSetMs ?? daysAgo(10)) + SYNC_DELAY_MS,
      ...overrides,
    });
  };
  const sender = buildSenderMailbox(stableGuid('contoso:passwatch@contoso.com'), 'contoso.com', daysAgo(400));
  const noMailbox = person(DEMO_GRAPH_CREDENTIALS.noMailboxEmail, 'Office Scanner', null, {
    mail: null,
    hasMailbox: false,
    lastPasswordChangeDateTime: expiringIn(7),
  });
  const backupService = person('svc-backup@contoso.com', 'Backup Service', null, {
    mail: null,
    hasMailbox: false,
    passwordPolicies: 'DisablePasswordExpiration',
    lastPasswordChangeDateTime: daysAgo(700),
  });
  const guest = person('megan.bowen_fabrikam.com#EXT#@contoso.onmicrosoft.com', 'Megan Bowen (Fabrikam)', null, {
    mail: 'megan.bowen@fabrikam.com',
    userType: 'Guest',
    hasMailbox: false,
    lastPasswordChangeDateTime: daysAgo(85),
    createdDateTime: daysAgo(85),
  });
  const members: SimUser[] = [
    // preferredLanguage: a spread, so one Run Now mails reminders in English, French, Spanish, German and Japanese.
    person('adele.vance@contoso.com', 'Adele Vance', 'Marketing', {
      lastPasswordChangeDateTime: expiringIn(0),
      officeLocation: 'Paris',
      preferredLanguage: 'fr-FR',
    }),
    person('alex.wilber@contoso.com', 'Alex Wilber', 'Sales', { lastPasswordChangeDateTime: expiringIn(1), preferredLanguage: 'en-US' }),
    person('diego.siciliani@contoso.com', 'Diego Siciliani', 'Finance', { lastPasswordChangeDateTime: expiringIn(3), preferredLanguage: 'es-ES' }),
    person('grady.archie@contoso.com', 'Grady Archie', 'Engineering', { lastPasswordChangeDateTime: expiringIn(7) }),
    person('henrietta.mueller@contoso.com', 'Henrietta Mueller', 'Human Resources', { lastPasswordChangeDateTime: expiringIn(14) }),
    person('isaiah.langer@contoso.com', 'Isaiah Langer', 'Sales', { lastPasswordChangeDateTime: expiringIn(30) }),
    person('johanna.lorenz@contoso.com', 'Johanna Lorenz', 'Research', { lastPasswordChangeDateTime: expiringIn(-1) }),
    person('lee.gu@contoso.com', 'Lee Gu', 'Research', { lastPasswordChangeDateTime: expiringIn(-10) }),
    person('conor.obrien@contoso.com', "O'Brien <Test> & Co", 'Customer Support', {
      givenName: 'Conor',
      surname: "O'Brien",
      lastPasswordChangeDateTime: expiringIn(3),
    }),
    person('nestor.wilke@contoso.com', 'Nestor Wilke', 'Operations', { lastPasswordChangeDateTime: null }),
    person('patti.fernandez@contoso.com', 'Patti Fernandez', 'Legal', {
      accountEnabled: false,
      lastPasswordChangeDateTime: expiringIn(3),
    }),
    person('lynne.robbins@contoso.com', 'Lynne Robbins', 'IT', {
      passwordPolicies: 'DisablePasswordExpiration, DisableStrongPassword',
      lastPasswordChangeDateTime: daysAgo(400),
    }),
    person('miriam.graham@contoso.com', 'Miriam Graham', 'Marketing', {
      passwordPolicies: 'DisableStrongPassword',
      lastPasswordChangeDateTime: expiringIn(7),
    }),
    person('anna.schmidt@eu.contoso.com', 'Anna Schmidt', 'Sales', {
      officeLocation: 'Munich',
      preferredLanguage: 'de-DE',
      lastPasswordChangeDateTime: expiringIn(7),
    }),
    person('Lukas.Weber@EU.Contoso.com', 'Lukas Weber', 'Engineering', {
      mail: 'lukas.weber@eu.contoso.com',
      officeLocation: 'Munich',
      preferredLanguage: 'de',
      lastPasswordChangeDateTime: expiringIn(14),
    }),
    person('kenji.tanaka@apac.contoso.com', 'Kenji Tanaka', 'Engineering', {
      officeLocation: 'Singapore',
      preferredLanguage: 'ja-JP',
      lastPasswordChangeDateTime: expiringIn(3, 60),
    }),
    person('pradeep.gupta@fabrikam-partners.com', 'Pradeep Gupta', 'Operations', {
      lastPasswordChangeDateTime: expiringIn(1),
    }),
    person('admin@contoso.onmicrosoft.com', 'Contoso Admin', 'IT', { lastPasswordChangeDateTime: daysAgo(200) }),
    person('joni.sherman@litwareinc.com', 'Joni Sherman', 'Finance', { lastPasswordChangeDateTime: expiringIn(7, 365) }),
    // The on-premises domain policy (60 days) dates her: expires in 3 days.
    syncedPerson('christie.cline@contoso.com', 'Christie Cline', 'Sales', { changedDaysAgo: CORP_MAX_PWD_AGE_DAYS - 3 }),
    syncedPerson('emily.braun@contoso.com', 'Emily Braun', 'Finance', { changedDaysAgo: CORP_MAX_PWD_AGE_DAYS - 1 }),
    // The Admins PSO (30 days) wins over the domain policy: expires in 5 days.
    syncedPerson('allan.deyoung@contoso.com', 'Allan Deyoung', 'IT', { changedDaysAgo: 25, pso: 'Admins PSO' }),
    syncedPerson('irvin.sayers@contoso.com', 'Irvin Sayers', 'Operations', { changedDaysAgo: 500, neverExpires: true }),
    // "User must change password at next logon" (pwdLastSet 0).
    syncedPerson('debra.berger@contoso.com', 'Debra Berger', 'Human Resources', { changedDaysAgo: null }),
    // Synced from another forest no connector reads: stays "Managed on-premises".
    person('grant.steel@contoso.com', 'Grant Steel', 'Sales', {
      onPremisesSyncEnabled: true,
      onPremisesSecurityIdentifier: 'S-1-5-21-3623811015-3361044348-30300820-1013',
      onPremisesImmutableId: immutableIdOf(stableGuid('contoso:grant.steel@contoso.com')),
      passwordPolicies: 'DisablePasswordExpiration',
      lastPasswordChangeDateTime: daysAgo(20),
    }),
    // Synced, but the tenant put him under the cloud policy (no DisablePasswordExpiration): Graph dates him.
    syncedPerson(
      'enrico.cattaneo@contoso.com',
      'Enrico Cattaneo',
      'Engineering',
      { changedDaysAgo: 83 },
      {
        passwordPolicies: null,
        lastPasswordChangeDateTime: expiringIn(7),
      },
    ),
    person('ben.walters@contoso.com', 'Ben Walters', 'Operations', { mail: null, lastPasswordChangeDateTime: expiringIn(7) }),
  ];

  const filler = buildPopulation({
    count: CONTOSO_FILLER_USERS,
    domain: 'contoso.com',
    initialDomain: 'contoso.onmicrosoft.com',
    now,
    validityDays: 90,
    random,
  });
  for (const member of filler.members) member.preferredLanguage = OFFICE_LANGUAGES[member.officeLocation ?? ''] ?? null;
  const serviceAccounts = [sender, noMailbox, backupService, ...filler.serviceAccounts];
  const devices = buildDevices(random, 2);
  const groups = buildStandardGroups({
    random,
    now,
    mailDomain: 'contoso.com',
    members: [...members, ...filler.members],
    guests: [guest, ...filler.guests],
    serviceAccounts,
    devices,
  });
  groups.push(...contosoExtraGroups(random, now, groups, members));

  const users = [sender, noMailbox, backupService, guest, ...members, ...filler.users];
  const tenant = new SimTenant({
    id: CONTOSO_TENANT_ID,
    displayName: 'Contoso',
    domains: [...CONTOSO_DOMAINS],
    users,
    groups,
    devices,
    onPremises: contosoOnPremises(users, onPremises),
  });
  const validUntil = now + 730 * DAY_MS;
  const applications = [
    registration(DEMO_GRAPH_CREDENTIALS, 'Passwatch Demo', validUntil),
    registration(DEMO_APP_WITHOUT_MAIL_SEND, 'Passwatch (no Mail.Send)', validUntil),
    registration(DEMO_APP_WITHOUT_GROUP_MEMBER_READ, 'Passwatch (no group permissions)', validUntil),
    registration(DEMO_APP_WITH_EXPIRED_SECRET, 'Passwatch (expired secret)', now - 30 * DAY_MS),
  ];
  tenant.grantConsent(DEMO_GRAPH_CREDENTIALS.applicationId, PASSWATCH_PERMISSIONS);
  tenant.grantConsent(DEMO_APP_WITHOUT_MAIL_SEND.applicationId, ['User.Read.All', 'Group.Read.All', 'GroupMember.Read.All', 'Directory.Read.All']);
  tenant.grantConsent(DEMO_APP_WITHOUT_GROUP_MEMBER_READ.applicationId, ['User.Read.All', 'Domain.Read.All', 'Mail.Send']);
  tenant.grantConsent(DEMO_APP_WITH_EXPIRED_SECRET.applicationId, PASSWATCH_PERMISSIONS);
  return { tenant, applications };
}

const CORP_MAX_PWD_AGE_DAYS = 60;
/** The filler's synced users are numbered from 1104 in the same domain (population.ts). */
const CONTOSO_DOMAIN_SID = domainSidOf('contoso.com');
const CONTOSO_FIRST_NAMED_RID = 500_000;

/**
 * CORP, the AD domain Contoso's synced users come from: every synced user of contoso.com except
 * Grant Steel (another forest), plus an AD account that is not synced (svc-sql). The named users
 * carry their own on-premises facts; the filler's changed their password on-premises two minutes
 * before Graph shows it, under the domain policy.
 */
function contosoOnPremises(
  users: readonly SimUser[],
  named: Record<string, Omit<SimAdUser, 'objectSid' | 'objectGuid' | 'userPrincipalName' | 'sAMAccountName' | 'mail'>>,
): SimOnPremisesDomain {
  const fromCorp = users.filter((user) => user.onPremisesSyncEnabled && user.onPremisesSecurityIdentifier?.startsWith(CONTOSO_DOMAIN_SID));
  const adUsers = onPremisesDomainOf('corp.contoso.com', fromCorp, CORP_MAX_PWD_AGE_DAYS).users.map((user) => ({
    ...user,
    ...(user.userPrincipalName === null ? {} : named[user.userPrincipalName]),
  }));
  adUsers.push({
    objectSid: `${CONTOSO_DOMAIN_SID}-${CONTOSO_FIRST_NAMED_RID - 1}`,
    objectGuid: immutableIdOf(stableGuid('contoso:corp:svc-sql')),
    userPrincipalName: 'svc-sql@corp.contoso.com',
    sAMAccountName: 'svc-sql',
    mail: null,
    pwdLastSetMs: null,
    disabled: false,
    passwordNeverExpires: true,
    pso: 'Service Accounts PSO',
  });
  return {
    dnsName: 'corp.contoso.com',
    netbiosName: 'CORP',
    domainSid: CONTOSO_DOMAIN_SID,
    maxPwdAgeDays: CORP_MAX_PWD_AGE_DAYS,
    passwordSettingsObjects: [
      { name: 'Admins PSO', precedence: 1, maxAgeDays: 30 },
      { name: 'Service Accounts PSO', precedence: 10, maxAgeDays: null },
    ],
    users: adUsers,
  };
}

/** Groups for include/exclude demos: nested membership, HTML in a name, a mail-enabled security group. */
function contosoExtraGroups(random: Random, now: number, groups: readonly SimGroup[], members: readonly SimUser[]): SimGroup[] {
  const context = { random, now, mailDomain: 'contoso.com' };
  const idOf = (upn: string) => members.find((member) => member.userPrincipalName === upn)?.id ?? missing(upn);
  const finance = groups.find((group) => group.displayName === 'Finance') ?? missing('Finance');
  return [
    makeGroup(context, {
      displayName: 'Password Reminder Pilot',
      kind: 'security',
      memberIds: [finance.id, idOf('alex.wilber@contoso.com'), idOf('adele.vance@contoso.com')],
      description: 'Users who get reminders first',
    }),
    makeGroup(context, {
      displayName: 'R&D <Labs>',
      kind: 'security',
      memberIds: [idOf('johanna.lorenz@contoso.com'), idOf('lee.gu@contoso.com')],
    }),
    makeGroup(context, {
      displayName: 'Helpdesk',
      kind: 'mail-enabled-security',
      memberIds: [idOf('admin@contoso.onmicrosoft.com'), idOf('lynne.robbins@contoso.com')],
    }),
  ];
}

function missing(name: string): never {
  throw new Error(`Contoso seed is missing ${name}`);
}

function buildFabrikam(now: Date): TenantBundle {
  const generated = generateTenant({
    users: 25,
    seed: FABRIKAM_SEED,
    now,
    tenantId: FABRIKAM_TENANT_ID,
    displayName: 'Fabrikam',
    domain: 'fabrikam.com',
  });
  // The generator's own app is replaced by the multi-tenant app whose home this is.
  generated.tenant.servicePrincipals.clear();
  generated.tenant.grantConsent(DEMO_APP_WITHOUT_CONSENT.applicationId, PASSWATCH_PERMISSIONS);
  const application = {
    ...registration(DEMO_APP_WITHOUT_CONSENT, 'Passwatch (multi-tenant)', now.getTime() + 730 * DAY_MS),
    homeTenantId: FABRIKAM_TENANT_ID,
    multiTenant: true,
  };
  return { tenant: generated.tenant, applications: [application] };
}

function registration(credentials: TenantCredentials, displayName: string, expiresAt: number): AppRegistration {
  return {
    appId: credentials.applicationId,
    displayName,
    homeTenantId: credentials.directoryId,
    multiTenant: false,
    secrets: [{ keyId: credentials.clientSecretId, value: credentials.clientSecret, displayName: 'Passwatch', expiresAt }],
  };
}
