// Reads one Active Directory domain over LDAPS or StartTLS as a read-only account
// (docs/connector.md §What it reads). It asks the domain controller for the values the DC itself
// computes (msDS-UserPasswordExpiryTimeComputed, msDS-ResultantPSO) and computes nothing of its own.
import { isIP } from 'node:net';
import { AndFilter, Client, EqualityFilter, type Entry } from 'ldapts';
import { adUserRecordSchema, type AdUserRecord, type PasswordSettingsObject, type SnapshotDomain } from '../../src/shared/api/connector-snapshot.js';
import { dnsNameFromBaseDn, guidBase64, int32, int64Text, sidFromBytes } from './ad-values.js';
import type { DomainConfig } from './config.js';
import { ConnectorError, EXIT, ldapFailure } from './errors.js';

/** Everything read from one domain, before it is cut into the wire's requests. */
export interface DomainSnapshot {
  domain: SnapshotDomain;
  passwordSettingsObjects: PasswordSettingsObject[];
  users: AdUserRecord[];
  /** Objects left out of the snapshot, each with the reason (logged, and shown by --dry-run on stderr). */
  skipped: { dn: string; reason: string }[];
}

// AD's default MaxPageSize: a larger page is cut to it anyway.
const PAGE_SIZE = 1000;
const USER_FILTER = '(&(objectCategory=person)(objectClass=user))';
// msDS-UserPasswordExpiryTimeComputed and msDS-ResultantPSO are constructed: a DC returns them only
// when they are named, never for '*'.
const USER_ATTRIBUTES = [
  'objectSid',
  'objectGUID',
  'userPrincipalName',
  'sAMAccountName',
  'mail',
  'pwdLastSet',
  'userAccountControl',
  'msDS-UserPasswordExpiryTimeComputed',
  'msDS-ResultantPSO',
  'accountExpires',
];
const BINARY_ATTRIBUTES = ['objectSid', 'objectGUID'];
// LDAP result codes a PSO search may answer when the account may not see the container.
const LDAP_NO_SUCH_OBJECT = 32;
const LDAP_INSUFFICIENT_ACCESS = 50;

function values(entry: Entry, attribute: string): (string | Buffer)[] {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  if (key === undefined) return [];
  const value = entry[key]!;
  return Array.isArray(value) ? value : [value];
}

function text(entry: Entry, attribute: string): string | undefined {
  const value = values(entry, attribute)[0];
  if (value === undefined) return undefined;
  return Buffer.isBuffer(value) ? value.toString('utf8') : value;
}

function bytes(entry: Entry, attribute: string): Buffer | undefined {
  const value = values(entry, attribute)[0];
  if (value === undefined) return undefined;
  return Buffer.isBuffer(value) ? value : undefined;
}

function required<T>(value: T | undefined, attribute: string): T {
  if (value === undefined) throw new Error(`the DC returned no ${attribute}`);
  return value;
}

/** One user entry as the wire's record; throws with the reason when the entry cannot be one. */
export function userRecord(entry: Entry): AdUserRecord {
  const record: AdUserRecord = {
    objectSid: sidFromBytes(required(bytes(entry, 'objectSid'), 'objectSid')),
    objectGuid: guidBase64(required(bytes(entry, 'objectGUID'), 'objectGUID')),
    userPrincipalName: text(entry, 'userPrincipalName') ?? null,
    sAMAccountName: required(text(entry, 'sAMAccountName'), 'sAMAccountName'),
    mail: text(entry, 'mail') ?? null,
    pwdLastSet: int64Text(required(text(entry, 'pwdLastSet'), 'pwdLastSet'), 'pwdLastSet'),
    userAccountControl: int32(required(text(entry, 'userAccountControl'), 'userAccountControl'), 'userAccountControl'),
    passwordExpiryTimeComputed: int64Text(
      required(text(entry, 'msDS-UserPasswordExpiryTimeComputed'), 'msDS-UserPasswordExpiryTimeComputed'),
      'msDS-UserPasswordExpiryTimeComputed',
    ),
    resultantPso: text(entry, 'msDS-ResultantPSO') ?? null,
    accountExpires: int64Text(required(text(entry, 'accountExpires'), 'accountExpires'), 'accountExpires'),
  };
  const checked = adUserRecordSchema.safeParse(record);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new Error(`${issue.path.join('.')} ${issue.message}`);
  }
  return checked.data;
}

function ldapUrl(config: DomainConfig): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `${config.security === 'ldaps' ? 'ldaps' : 'ldap'}://${host}:${config.port}`;
}

function newClient(config: DomainConfig): Client {
  // ldapts applies tlsOptions only to ldaps://; a plain connection given them is reset by the DC.
  const tlsOptions = config.security === 'ldaps' ? { tlsOptions: { ca: config.ca, minVersion: 'TLSv1.2' as const } } : {};
  return new Client({ url: ldapUrl(config), timeout: config.timeoutMs, connectTimeout: config.timeoutMs, strictDN: false, ...tlsOptions });
}

async function bind(client: Client, config: DomainConfig): Promise<void> {
  // Over StartTLS the connection is encrypted before the bind, so the password never travels in clear.
  // The upgraded socket checks the certificate against `host` (an address) or `servername` (a name, also sent as SNI).
  if (config.security === 'starttls') {
    await client.startTLS({ ca: config.ca, minVersion: 'TLSv1.2', ...(isIP(config.host) ? { host: config.host } : { servername: config.host }) });
  }
  await client.bind(config.bindDn, config.password);
}

async function readDomainObject(client: Client, baseDn: string, configurationDn: string | undefined): Promise<SnapshotDomain> {
  const { searchEntries } = await client.search(baseDn, { scope: 'base', attributes: ['objectSid', 'maxPwdAge'], explicitBufferAttributes: ['objectSid'] });
  const entry = searchEntries[0];
  if (!entry) throw new ConnectorError(EXIT.directoryError, `the domain object ${baseDn} was not found`);
  const netbiosName = configurationDn ? await readNetbiosName(client, baseDn, configurationDn) : undefined;
  return {
    dnsName: dnsNameFromBaseDn(baseDn),
    ...(netbiosName ? { netbiosName } : {}),
    domainSid: sidFromBytes(required(bytes(entry, 'objectSid'), 'the domain objectSid')),
    maxPwdAge: int64Text(required(text(entry, 'maxPwdAge'), 'maxPwdAge'), 'maxPwdAge'),
  };
}

/** The domain's NetBIOS name, from its crossRef in the configuration partition; optional on the wire. */
async function readNetbiosName(client: Client, baseDn: string, configurationDn: string): Promise<string | undefined> {
  try {
    const { searchEntries } = await client.search(`CN=Partitions,${configurationDn}`, {
      scope: 'one',
      filter: new AndFilter({
        filters: [new EqualityFilter({ attribute: 'objectClass', value: 'crossRef' }), new EqualityFilter({ attribute: 'nCName', value: baseDn })],
      }),
      attributes: ['nETBIOSName'],
    });
    const name = searchEntries[0] ? text(searchEntries[0], 'nETBIOSName') : undefined;
    return name && name.length <= 15 ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The PSOs this account can read. By default only Domain Admins may read them on Windows, so an
 * empty list is normal; the users' msDS-ResultantPSO still names the winning one.
 */
async function readPasswordSettingsObjects(client: Client, baseDn: string): Promise<PasswordSettingsObject[]> {
  let entries: Entry[];
  try {
    ({ searchEntries: entries } = await client.search(`CN=Password Settings Container,CN=System,${baseDn}`, {
      scope: 'one',
      filter: '(objectClass=msDS-PasswordSettings)',
      attributes: ['name', 'msDS-PasswordSettingsPrecedence', 'msDS-MaximumPasswordAge'],
    }));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === LDAP_NO_SUCH_OBJECT || code === LDAP_INSUFFICIENT_ACCESS) return [];
    throw error;
  }
  const objects: PasswordSettingsObject[] = [];
  for (const entry of entries) {
    const name = text(entry, 'name');
    const precedence = text(entry, 'msDS-PasswordSettingsPrecedence');
    const maximumPasswordAge = text(entry, 'msDS-MaximumPasswordAge');
    // A PSO whose attributes this account may not read is left out rather than guessed.
    if (name === undefined || precedence === undefined || maximumPasswordAge === undefined) continue;
    objects.push({
      dn: entry.dn,
      name,
      precedence: int32(precedence, 'msDS-PasswordSettingsPrecedence'),
      maximumPasswordAge: int64Text(maximumPasswordAge, 'msDS-MaximumPasswordAge'),
    });
  }
  return objects;
}

async function readUsers(client: Client, baseDn: string, pageSize: number): Promise<Pick<DomainSnapshot, 'users' | 'skipped'>> {
  const users: AdUserRecord[] = [];
  const skipped: DomainSnapshot['skipped'] = [];
  const pages = client.searchPaginated(baseDn, {
    scope: 'sub',
    filter: USER_FILTER,
    attributes: USER_ATTRIBUTES,
    explicitBufferAttributes: BINARY_ATTRIBUTES,
    paged: { pageSize },
  });
  for await (const page of pages) {
    for (const entry of page.searchEntries) {
      try {
        users.push(userRecord(entry));
      } catch (error) {
        skipped.push({ dn: entry.dn, reason: (error as Error).message });
      }
    }
  }
  return { users, skipped };
}

/** Reads one domain: its policy, the PSOs the account may read, and every user. */
export async function readDomain(config: DomainConfig, pageSize = PAGE_SIZE): Promise<DomainSnapshot> {
  const server = ldapUrl(config);
  const client = newClient(config);
  try {
    await bind(client, config);
    const { searchEntries } = await client.search('', { scope: 'base', attributes: ['defaultNamingContext', 'configurationNamingContext'] });
    const rootDse = searchEntries[0];
    const baseDn = config.baseDn ?? (rootDse ? text(rootDse, 'defaultNamingContext') : undefined);
    if (!baseDn) throw new ConnectorError(EXIT.configuration, `${server} did not name its domain: set "baseDn" in the configuration`);
    const configurationDn = rootDse ? text(rootDse, 'configurationNamingContext') : undefined;
    const domain = await readDomainObject(client, baseDn, configurationDn);
    const passwordSettingsObjects = await readPasswordSettingsObjects(client, baseDn);
    const { users, skipped } = await readUsers(client, baseDn, pageSize);
    return { domain, passwordSettingsObjects, users, skipped };
  } catch (error) {
    throw ldapFailure(error, server);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
