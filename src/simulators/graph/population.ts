// Realistic synthetic people and groups, shared by the tenant generator and the Contoso filler:
// members spread over departments of realistic sizes, a few guests, service accounts, hybrid
// users, and security groups nested the way organisations nest them.
import { DAY_MS } from '../shared/formats.js';
import { wholeSeconds } from './graph-time.js';
import type { SimDevice, SimGroup, SimUser } from './directory.js';
import type { Random } from './random.js';
import { domainSidOf, immutableIdOf } from './on-premises.js';

export interface Department {
  name: string;
  /** Relative size. */
  weight: number;
  /** A team inside the department, nested as a group inside the department's group. */
  subteam: string;
  titles: readonly string[];
}

export const DEPARTMENTS: readonly Department[] = [
  {
    name: 'Engineering',
    weight: 24,
    subteam: 'Engineering - Platform',
    titles: ['Software Engineer', 'Senior Software Engineer', 'Engineering Manager', 'QA Engineer', 'DevOps Engineer'],
  },
  { name: 'Sales', weight: 18, subteam: 'Sales - EMEA', titles: ['Account Executive', 'Sales Manager', 'Sales Development Representative'] },
  { name: 'Operations', weight: 13, subteam: 'Operations - Logistics', titles: ['Operations Analyst', 'Logistics Coordinator', 'Operations Manager'] },
  { name: 'Customer Support', weight: 12, subteam: 'Customer Support - Tier 2', titles: ['Support Specialist', 'Support Team Lead'] },
  { name: 'Marketing', weight: 8, subteam: 'Marketing - Brand', titles: ['Marketing Specialist', 'Content Strategist', 'Marketing Manager'] },
  { name: 'Finance', weight: 7, subteam: 'Finance - Payroll', titles: ['Accountant', 'Financial Analyst', 'Controller'] },
  { name: 'IT', weight: 6, subteam: 'IT - Helpdesk', titles: ['Systems Administrator', 'Helpdesk Technician', 'IT Manager'] },
  { name: 'Research', weight: 5, subteam: 'Research - Labs', titles: ['Research Scientist', 'Lab Technician'] },
  { name: 'Human Resources', weight: 4, subteam: 'Human Resources - Recruiting', titles: ['HR Generalist', 'Recruiter', 'HR Manager'] },
  { name: 'Legal', weight: 3, subteam: 'Legal - Contracts', titles: ['Counsel', 'Paralegal'] },
];

const OFFICES = ['Seattle', 'London', 'Munich', 'Singapore', 'Remote'] as const;

const GIVEN_NAMES = [
  'Ada',
  'Adele',
  'Alex',
  'Amara',
  'Ana',
  'Anders',
  'Aisha',
  'Ben',
  'Bianca',
  'Carlos',
  'Chen',
  'Chloé',
  'Daniel',
  'Dmitri',
  'Elena',
  'Emeka',
  'Emma',
  'Fatima',
  'Felix',
  'Gabriel',
  'Grace',
  'Hana',
  'Hannah',
  'Hiro',
  'Ibrahim',
  'Ingrid',
  'Isaac',
  'Jamal',
  'Jana',
  'Javier',
  'Jin',
  'Julia',
  'Kai',
  'Kateryna',
  'Kenji',
  'Laura',
  'Leila',
  'Liam',
  'Lucía',
  'Luca',
  'Maya',
  'Mateo',
  'Mei',
  'Mia',
  'Mohammed',
  'Nadia',
  'Noah',
  'Nora',
  'Olga',
  'Omar',
  'Priya',
  'Rafael',
  'Rahul',
  'Rosa',
  'Samuel',
  'Sara',
  'Sean',
  'Siobhan',
  'Sofia',
  'Søren',
  'Tariq',
  'Thomas',
  'Valentina',
  'Wei',
  'Yara',
  'Yusuf',
  'Zoe',
];

const SURNAMES = [
  'Adeyemi',
  'Andersen',
  'Bauer',
  'Becker',
  'Brown',
  'Chen',
  'Costa',
  'Dubois',
  'Dvořák',
  'Evans',
  'Fischer',
  'García-López',
  'Gonzalez',
  'Gupta',
  'Hansen',
  'Hoffmann',
  'Ivanova',
  'Jensen',
  'Johnson',
  'Kaur',
  'Kim',
  'Kowalski',
  'Larsen',
  'Lee',
  'Martin',
  'Meyer',
  'Müller',
  'Nakamura',
  'Nguyen',
  "O'Connor",
  'Okafor',
  'Patel',
  'Perez',
  'Petrov',
  'Rossi',
  'Santos',
  'Sato',
  'Schmidt',
  'Schneider',
  'Silva',
  'Singh',
  'Smith',
  'Suzuki',
  'Tanaka',
  'Taylor',
  'Thompson',
  'Wagner',
  'Wang',
  'Weber',
  'Williams',
  'Wilson',
  'Yamamoto',
  'Zhang',
];

const GUEST_DOMAINS = ['fabrikam.com', 'northwindtraders.com', 'adatum.com', 'tailspintoys.com', 'wingtiptoys.com'];
const SERVICE_NAMES = ['backup', 'scanner', 'sync', 'reporting', 'kiosk', 'build', 'monitoring', 'printing'];

export interface PopulationOptions {
  count: number;
  /** UPN and mail domain of members. */
  domain: string;
  /** The tenant's `*.onmicrosoft.com` domain, where guests' `#EXT#` UPNs live. */
  initialDomain: string;
  /** Epoch ms that "today" is relative to. */
  now: number;
  /** Password changes spread over this many days plus 60, so some are already expired. */
  validityDays: number;
  /** When set, every regular member changed their password that many days ago (a mass reset). */
  massResetDaysAgo?: number;
  /** Share of members synced from on-premises AD; default 0.15. */
  syncedShare?: number;
  random: Random;
}

export interface Population {
  /** In creation order: what `/users` lists. */
  users: SimUser[];
  members: SimUser[];
  guests: SimUser[];
  serviceAccounts: SimUser[];
}

/** `base`, or `base2`, `base3`... when taken before in the same namespace (a mail domain). */
type UniqueLocalPart = (base: string, namespace?: string) => string;

export function buildPopulation(options: PopulationOptions): Population {
  const population: Population = { users: [], members: [], guests: [], serviceAccounts: [] };
  const takenLocalParts = new Map<string, number>();
  const uniqueLocalPart: UniqueLocalPart = (base, namespace = '') => {
    const key = `${namespace}|${base}`;
    const seen = takenLocalParts.get(key) ?? 0;
    takenLocalParts.set(key, seen + 1);
    return seen === 0 ? base : `${base}${seen + 1}`;
  };
  // Synced members get relative ids in creation order, after AD's built-in accounts.
  const domainSid = domainSidOf(options.domain);
  let nextRid = FIRST_USER_RID;
  const anchorsFor = (id: string) => ({ onPremisesSecurityIdentifier: `${domainSid}-${nextRid++}`, onPremisesImmutableId: immutableIdOf(id) });
  for (let index = 0; index < options.count; index++) {
    const roll = options.random.next();
    if (roll < 0.02) {
      const guest = buildGuest(options, uniqueLocalPart);
      population.users.push(guest);
      population.guests.push(guest);
    } else if (roll < 0.025) {
      const account = buildServiceAccount(options, uniqueLocalPart);
      population.users.push(account);
      population.serviceAccounts.push(account);
    } else {
      const member = buildMember(options, uniqueLocalPart, anchorsFor);
      population.users.push(member);
      population.members.push(member);
    }
  }
  return population;
}

/** The first relative id of an ordinary AD user (the built-in accounts come before). */
const FIRST_USER_RID = 1104;

type AnchorsFor = (id: string) => Pick<SimUser, 'onPremisesSecurityIdentifier' | 'onPremisesImmutableId'>;

function buildMember(options: PopulationOptions, uniqueLocalPart: UniqueLocalPart, anchorsFor: AnchorsFor): SimUser {
  const { random, now } = options;
  const givenName = random.pick(GIVEN_NAMES);
  const surname = random.pick(SURNAMES);
  const userPrincipalName = flat(uniqueLocalPart(`${mailSafe(givenName)}.${mailSafe(surname)}`, options.domain), '@', options.domain);
  const department = pickDepartment(random);
  const synced = random.chance(options.syncedShare ?? 0.15);
  // Entra Connect stamps DisablePasswordExpiration on most synced users (docs/domain.md §Password expiry, rule 3).
  const passwordPolicies = synced
    ? random.chance(0.8)
      ? 'DisablePasswordExpiration'
      : null
    : random.chance(0.04)
      ? 'DisablePasswordExpiration'
      : random.chance(0.1)
        ? 'None'
        : null;
  const lastPasswordChangeDateTime = random.chance(0.01) ? null : passwordChangeTime(options);
  const withoutMailbox = random.chance(0.03);
  const id = random.guid();
  return {
    id,
    displayName: flat(givenName, ' ', surname),
    givenName,
    surname,
    userPrincipalName,
    mail: withoutMailbox ? null : userPrincipalName,
    accountEnabled: !random.chance(0.02),
    userType: 'Member',
    passwordPolicies,
    lastPasswordChangeDateTime,
    onPremisesSyncEnabled: synced ? true : null,
    ...(synced ? anchorsFor(id) : { onPremisesSecurityIdentifier: null, onPremisesImmutableId: null }),
    createdDateTime: wholeSeconds((lastPasswordChangeDateTime ?? now) - random.int(730) * DAY_MS - random.int(DAY_MS)),
    jobTitle: random.pick(department.titles),
    department: department.name,
    officeLocation: random.pick(OFFICES),
    // Unset, as Entra leaves it for many users; the demo directory sets it by office.
    preferredLanguage: null,
    hasMailbox: !withoutMailbox,
  };
}

function buildGuest(options: PopulationOptions, uniqueLocalPart: UniqueLocalPart): SimUser {
  const { random, now } = options;
  const givenName = random.pick(GIVEN_NAMES);
  const surname = random.pick(SURNAMES);
  const homeDomain = random.pick(GUEST_DOMAINS);
  const localPart = uniqueLocalPart(`${mailSafe(givenName)}.${mailSafe(surname)}`, homeDomain);
  const invitedAt = wholeSeconds(now - random.int(900) * DAY_MS - random.int(DAY_MS));
  return {
    id: random.guid(),
    displayName: `${givenName} ${surname} (${homeDomain})`,
    givenName,
    surname,
    userPrincipalName: `${localPart}_${homeDomain}#EXT#@${options.initialDomain}`,
    mail: `${localPart}@${homeDomain}`,
    accountEnabled: true,
    userType: 'Guest',
    passwordPolicies: null,
    // Graph reports the invitation time for guests; their password lives at home (docs/domain.md §Password expiry, rule 2).
    lastPasswordChangeDateTime: invitedAt,
    onPremisesSyncEnabled: null,
    onPremisesSecurityIdentifier: null,
    onPremisesImmutableId: null,
    createdDateTime: invitedAt,
    jobTitle: null,
    department: null,
    officeLocation: null,
    preferredLanguage: null,
    hasMailbox: false,
  };
}

function buildServiceAccount(options: PopulationOptions, uniqueLocalPart: UniqueLocalPart): SimUser {
  const { random, now } = options;
  const purpose = random.pick(SERVICE_NAMES);
  const localPart = uniqueLocalPart(`svc-${purpose}`, options.domain);
  const createdDateTime = wholeSeconds(now - random.int(1500) * DAY_MS - random.int(DAY_MS));
  return serviceAccount({
    id: random.guid(),
    displayName: `Service account (${localPart})`,
    userPrincipalName: `${localPart}@${options.domain}`,
    mail: null,
    createdDateTime,
  });
}

/**
 * An account a program signs in with, not a person: no name parts or job, and a password that
 * never expires, set when the account was created. It has a mailbox when it has an address.
 */
function serviceAccount(account: Pick<SimUser, 'id' | 'displayName' | 'userPrincipalName' | 'mail' | 'createdDateTime'>): SimUser {
  return {
    id: account.id,
    displayName: account.displayName,
    givenName: null,
    surname: null,
    userPrincipalName: account.userPrincipalName,
    mail: account.mail,
    accountEnabled: true,
    userType: 'Member',
    passwordPolicies: 'DisablePasswordExpiration',
    lastPasswordChangeDateTime: account.createdDateTime,
    onPremisesSyncEnabled: null,
    onPremisesSecurityIdentifier: null,
    onPremisesImmutableId: null,
    createdDateTime: account.createdDateTime,
    jobTitle: null,
    department: null,
    officeLocation: null,
    preferredLanguage: null,
    hasMailbox: account.mail !== null,
  };
}

function passwordChangeTime({ random, now, validityDays, massResetDaysAgo }: PopulationOptions): number {
  if (massResetDaysAgo !== undefined) return wholeSeconds(now - massResetDaysAgo * DAY_MS - random.int(8 * 3_600_000));
  return wholeSeconds(now - random.next() * (validityDays + 60) * DAY_MS);
}

const TOTAL_DEPARTMENT_WEIGHT = DEPARTMENTS.reduce((sum, department) => sum + department.weight, 0);

function pickDepartment(random: Random): Department {
  let roll = random.next() * TOTAL_DEPARTMENT_WEIGHT;
  for (const department of DEPARTMENTS) {
    roll -= department.weight;
    if (roll < 0) return department;
  }
  return DEPARTMENTS[DEPARTMENTS.length - 1] as Department;
}

/** Concatenation as one flat string: a `${a}${b}` rope costs several objects per user at 100,000 users. */
function flat(...parts: string[]): string {
  return parts.join('');
}

/** 'García-López' -> 'garcia-lopez', "O'Connor" -> 'oconnor'. */
function mailSafe(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/gi, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');
}

export interface StandardGroupsInput {
  random: Random;
  now: number;
  /** Domain of mail-enabled groups' addresses. */
  mailDomain: string;
  members: readonly SimUser[];
  guests: readonly SimUser[];
  serviceAccounts: readonly SimUser[];
  devices: readonly SimDevice[];
}

/**
 * The groups an organisation of this shape has: one security group per department, each with a
 * nested team group; "All Staff" made of the department groups (two levels of nesting);
 * "Managers", "Contractors" (some members and every guest), "Service Accounts" (with devices);
 * and mail-only groups that a security-group filter must leave out ("Everyone" Microsoft 365
 * group, one distribution list per office).
 */
export function buildStandardGroups(input: StandardGroupsInput): SimGroup[] {
  const { random } = input;
  const group = (displayName: string, kind: 'security' | 'unified' | 'distribution', memberIds: string[], description: string | null = null) =>
    makeGroup(input, { displayName, kind, memberIds, description });
  const groups: SimGroup[] = [];
  const departmentGroupIds: string[] = [];
  for (const department of DEPARTMENTS) {
    const people = input.members.filter((member) => member.department === department.name);
    if (people.length === 0) continue;
    const teamMemberIds: string[] = [];
    const directMemberIds: string[] = [];
    for (const person of people) (random.chance(0.25) ? teamMemberIds : directMemberIds).push(person.id);
    const team = group(department.subteam, 'security', teamMemberIds);
    const departmentGroup = group(department.name, 'security', [team.id, ...directMemberIds], `Everyone in ${department.name}`);
    groups.push(departmentGroup, team);
    departmentGroupIds.push(departmentGroup.id);
  }
  const memberIds = input.members.map((member) => member.id);
  groups.push(
    group('All Staff', 'security', departmentGroupIds, 'All employees, by department'),
    group('Managers', 'security', sample(random, input.members, 0.06)),
    group('Contractors', 'security', [...sample(random, input.members, 0.06), ...input.guests.map((guest) => guest.id)]),
    group('Service Accounts', 'security', [...input.serviceAccounts.map((account) => account.id), ...input.devices.map((device) => device.id)]),
    group('Everyone', 'unified', memberIds, 'Company-wide Microsoft 365 group'),
    ...OFFICES.map((office) =>
      group(
        `Office - ${office}`,
        'distribution',
        input.members.filter((member) => member.officeLocation === office).map((member) => member.id),
      ),
    ),
  );
  return groups;
}

export interface GroupSpec {
  displayName: string;
  /** security: securityEnabled; unified: Microsoft 365 group; distribution: mail-enabled list. */
  kind: 'security' | 'unified' | 'distribution' | 'mail-enabled-security';
  memberIds: string[];
  description?: string | null;
}

export function makeGroup(context: { random: Random; now: number; mailDomain: string }, spec: GroupSpec): SimGroup {
  const mailNickname = spec.displayName.replace(/[^A-Za-z0-9]/g, '') || 'group';
  const mailEnabled = spec.kind !== 'security';
  return {
    id: context.random.guid(),
    displayName: spec.displayName,
    description: spec.description ?? null,
    mail: mailEnabled ? `${mailNickname}@${context.mailDomain}` : null,
    mailEnabled,
    mailNickname,
    securityEnabled: spec.kind === 'security' || spec.kind === 'mail-enabled-security',
    groupTypes: spec.kind === 'unified' ? ['Unified'] : [],
    createdDateTime: wholeSeconds(context.now - context.random.int(1500) * DAY_MS - context.random.int(DAY_MS)),
    memberIds: spec.memberIds,
  };
}

function sample(random: Random, users: readonly SimUser[], share: number): string[] {
  return users.filter(() => random.chance(share)).map((user) => user.id);
}

export function buildDevices(random: Random, count: number): SimDevice[] {
  return Array.from({ length: count }, (_, index) => ({
    id: random.guid(),
    displayName: `${index % 2 === 0 ? 'PRINTER' : 'KIOSK'}-${String(index + 1).padStart(3, '0')}`,
    operatingSystem: 'Windows',
  }));
}

/** The mailbox reminders are sent from: a service account with a mailbox whose password never expires. */
export function buildSenderMailbox(id: string, domain: string, createdDateTime: number): SimUser {
  const address = `passwatch@${domain}`;
  return serviceAccount({ id, displayName: 'Passwatch Notifications', userPrincipalName: address, mail: address, createdDateTime });
}
