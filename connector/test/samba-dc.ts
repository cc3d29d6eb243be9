// The Samba AD domain controller that scripts/samba-dc/start.sh runs for these tests
// (docs/connector.md §Testing against a real domain controller), and an independent reader of it:
// OpenLDAP's ldapsearch and Samba's own ldbsearch, so the connector's reading is checked against
// tools that share none of its code.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import type { DomainConfig } from '../src/config.js';

export interface SambaDc {
  host: string;
  hostName: string;
  ldapsPort: number;
  ldapPort: number;
  realm: string;
  netbiosName: string;
  baseDn: string;
  caFile: string;
  samLdb: string;
  reader: { dn: string; password: string };
  admin: { dn: string; password: string };
}

const DC_DIR = process.env.SAMBA_DC_DIR ?? '/var/tmp/passwatch-samba-dc';
export const DAY = 24n * 60n * 60n * 10_000_000n;
/** The maximum password ages scripts/samba-dc/seed.py gives the domain and its two PSOs, in days. */
export const SEEDED_AGES = { domain: 28n, financePso: 21n, executivePso: 7n } as const;

/**
 * The running DC, or undefined. Under CI=true a missing DC is a failure (CI starts it before the
 * tests); elsewhere the tests skip and say so loudly.
 */
export function sambaDc(): SambaDc | undefined {
  const infoFile = join(DC_DIR, 'dc.json');
  if (existsSync(infoFile)) return JSON.parse(readFileSync(infoFile, 'utf8')) as SambaDc;
  if (process.env.CI === 'true') return undefined;
  console.warn(
    `\n*** SKIPPED: the connector's tests against a real domain controller: no Samba DC at ${infoFile}.\n` +
      '*** Start one as root with scripts/samba-dc/start.sh (CI does, and fails without it). ***\n',
  );
  return undefined;
}

export function requireDc(dc: SambaDc | undefined): SambaDc {
  if (!dc) throw new Error(`CI=true but no Samba DC answers: .ci/run must run scripts/samba-dc/start.sh before the tests (${DC_DIR}/dc.json is missing)`);
  return dc;
}

export function readerConfig(dc: SambaDc, overrides: Partial<DomainConfig> = {}): DomainConfig {
  return {
    host: dc.host,
    port: dc.ldapsPort,
    security: 'ldaps',
    baseDn: undefined,
    bindDn: dc.reader.dn,
    password: dc.reader.password,
    ca: readFileSync(dc.caFile, 'utf8'),
    timeoutMs: 10_000,
    ...overrides,
  };
}

type LdifEntry = Map<string, string[]>;

function parseLdif(text: string): LdifEntry[] {
  return text
    .split(/\n\n+/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const entry: LdifEntry = new Map();
      for (const line of block.split('\n')) {
        const match = /^([^:#]+)(::?) ?(.*)$/.exec(line);
        if (!match) continue;
        const [, name, separator, value] = match;
        const key = name!.toLowerCase();
        // `::` marks base64: kept as base64 for binary values (objectGUID), decoded for text.
        const text = separator === '::' && key !== 'objectguid' && key !== 'objectsid' ? Buffer.from(value!, 'base64').toString('utf8') : value!;
        entry.set(key, [...(entry.get(key) ?? []), text]);
      }
      return entry;
    });
}

const USERS = '(&(objectCategory=person)(objectClass=user))';

/** Every user as ldapsearch reads it over LDAPS as the reader, keyed by sAMAccountName. */
export function ldapsearchUsers(dc: SambaDc): Map<string, LdifEntry> {
  const output = execFileSync(
    'ldapsearch',
    ['-LLL', '-o', 'ldif-wrap=no', '-x', '-H', `ldaps://${dc.host}`, '-D', dc.reader.dn, '-w', dc.reader.password, '-b', dc.baseDn, USERS].concat([
      'sAMAccountName',
      'objectGUID',
      'pwdLastSet',
      'userAccountControl',
      'accountExpires',
      'msDS-UserPasswordExpiryTimeComputed',
      'msDS-ResultantPSO',
    ]),
    { env: { ...process.env, LDAPTLS_CACERT: dc.caFile }, encoding: 'utf8' },
  );
  // Blocks without sAMAccountName are the referrals AD adds (DomainDnsZones, ForestDnsZones).
  return new Map(parseLdif(output).flatMap((entry) => (entry.has('samaccountname') ? [[entry.get('samaccountname')![0]!, entry] as const] : [])));
}

/** objectSid of every user as Samba's ldbsearch prints it from the directory's own database (S-1-... text). */
export function ldbsearchSids(dc: SambaDc): Map<string, string> {
  const output = execFileSync('ldbsearch', ['-H', dc.samLdb, USERS, 'sAMAccountName', 'objectSid'], { encoding: 'utf8' });
  return new Map(
    parseLdif(output).flatMap((entry) => (entry.has('samaccountname') ? [[entry.get('samaccountname')![0]!, entry.get('objectsid')![0]!] as const] : [])),
  );
}

const LOCK_DIR = join(DC_DIR, 'test-lock');
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Runs `work` while no other test file changes the DC's policy or compares dates with it: test
 * files run in parallel, and a live policy change would move the dates another file is comparing.
 * The lock is a directory (mkdir is atomic); one left by a killed run is taken over after 5 minutes.
 */
export async function withDcLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/** Changes one attribute as the domain's Administrator over LDAPS (the test's live policy change). */
export async function replaceAsAdmin(dc: SambaDc, dn: string, attribute: string, value: string): Promise<void> {
  const client = new Client({ url: `ldaps://${dc.host}:${dc.ldapsPort}`, tlsOptions: { ca: readFileSync(dc.caFile, 'utf8') }, timeout: 10_000 });
  try {
    await client.bind(dc.admin.dn, dc.admin.password);
    await client.modify(dn, new Change({ operation: 'replace', modification: new Attribute({ type: attribute, values: [value] }) }));
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
