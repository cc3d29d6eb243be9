// The on-premises Active Directory behind a simulated tenant's synced users: what Entra Connect
// syncs from (objectSid -> onPremisesSecurityIdentifier, objectGUID -> onPremisesImmutableId) and
// what a domain controller computes for each user (msDS-UserPasswordExpiryTimeComputed by the
// MS-ADTS rules). The demo's simulated connector reads it as the snapshot a Passwatch Connector
// would send. 64-bit values are BigInt and leave as decimal strings, as AD stores them.
import { createHash } from 'node:crypto';
import type { SimUser } from './directory.js';

const FILETIME_UNIX_EPOCH = 116_444_736_000_000_000n;
const FILETIME_PER_MS = 10_000n;
const FILETIME_PER_DAY = 864_000_000_000n;
const NEVER = 9_223_372_036_854_775_807n;
const INTERVAL_NEVER = -9_223_372_036_854_775_808n;
const UF_NORMAL_ACCOUNT = 0x200;
const UF_ACCOUNTDISABLE = 0x2;
const UF_DONT_EXPIRE_PASSWD = 0x10000;

interface SimPasswordSettingsObject {
  name: string;
  precedence: number;
  /** null: never expires. */
  maxAgeDays: number | null;
}

export interface SimAdUser {
  objectSid: string;
  /** base64 of the 16 bytes of objectGUID. */
  objectGuid: string;
  userPrincipalName: string | null;
  sAMAccountName: string;
  mail: string | null;
  /** Epoch ms of the last change; null: must change at next logon (pwdLastSet 0). */
  pwdLastSetMs: number | null;
  disabled: boolean;
  passwordNeverExpires: boolean;
  /** The PSO that applies (by name); null: the domain policy. */
  pso: string | null;
}

export interface SimOnPremisesDomain {
  dnsName: string;
  netbiosName: string;
  domainSid: string;
  /** The domain's maxPwdAge in days; null: never. */
  maxPwdAgeDays: number | null;
  passwordSettingsObjects: SimPasswordSettingsObject[];
  users: SimAdUser[];
}

/**
 * The AD domain behind a generated tenant's synced users: each changed their password on-premises
 * two minutes before Graph shows it, under a domain policy of `maxPwdAgeDays`.
 */
export function onPremisesDomainOf(
  dnsName: string,
  users: readonly Pick<
    SimUser,
    'onPremisesSecurityIdentifier' | 'onPremisesImmutableId' | 'userPrincipalName' | 'mail' | 'accountEnabled' | 'lastPasswordChangeDateTime'
  >[],
  maxPwdAgeDays: number | null,
): SimOnPremisesDomain {
  const adUsers: SimAdUser[] = [];
  for (const user of users) {
    if (!user.onPremisesSecurityIdentifier || !user.onPremisesImmutableId) continue;
    adUsers.push({
      objectSid: user.onPremisesSecurityIdentifier,
      objectGuid: user.onPremisesImmutableId,
      userPrincipalName: user.userPrincipalName,
      sAMAccountName: user.userPrincipalName.slice(0, user.userPrincipalName.indexOf('@')).slice(0, 20),
      mail: user.mail,
      pwdLastSetMs: user.lastPasswordChangeDateTime === null ? null : user.lastPasswordChangeDateTime - SYNC_DELAY_MS,
      disabled: !user.accountEnabled,
      passwordNeverExpires: false,
      pso: null,
    });
  }
  return {
    dnsName,
    netbiosName: dnsName.split('.')[0]!.slice(0, 15).toUpperCase(),
    domainSid: domainSidOf(dnsName),
    maxPwdAgeDays,
    passwordSettingsObjects: [],
    users: adUsers,
  };
}

/** Password-hash sync's delay between a change on-premises and Graph showing it. */
export const SYNC_DELAY_MS = 2 * 60_000;

/** A domain SID derived from its DNS name: `S-1-5-21-a-b-c`. */
export function domainSidOf(dnsName: string): string {
  const digest = createHash('sha256').update(dnsName.toLowerCase()).digest();
  return `S-1-5-21-${digest.readUInt32BE(0)}-${digest.readUInt32BE(4)}-${digest.readUInt32BE(8)}`;
}

/** Graph's onPremisesImmutableId of a user whose objectGUID is `guid`: base64 of its 16 bytes. */
export function immutableIdOf(guid: string): string {
  return Buffer.from(guid.replaceAll('-', ''), 'hex').toString('base64');
}

const toFiletime = (ms: number) => BigInt(Math.trunc(ms)) * FILETIME_PER_MS + FILETIME_UNIX_EPOCH;
const dnOf = (name: string, dnsName: string) =>
  `CN=${name},CN=Password Settings Container,CN=System,${dnsName
    .split('.')
    .map((part) => `DC=${part}`)
    .join(',')}`;

/** What the DC computes: never (flag, or a policy of never), 0 when the password must change, else pwdLastSet + the winning max age. */
function expiryTimeComputed(domain: SimOnPremisesDomain, user: SimAdUser): bigint {
  if (user.passwordNeverExpires) return NEVER;
  if (user.pwdLastSetMs === null) return 0n;
  const pso = user.pso === null ? undefined : domain.passwordSettingsObjects.find((candidate) => candidate.name === user.pso);
  const maxAgeDays = pso ? pso.maxAgeDays : domain.maxPwdAgeDays;
  if (maxAgeDays === null) return NEVER;
  return toFiletime(user.pwdLastSetMs) + BigInt(maxAgeDays) * FILETIME_PER_DAY;
}

/** The domain as the connector's wire contract describes it (docs/product.md §On-premises Active Directory), taken at `now`. */
export function onPremisesSnapshotOf(domain: SimOnPremisesDomain) {
  const interval = (days: number | null) => String(days === null ? INTERVAL_NEVER : -BigInt(days) * FILETIME_PER_DAY);
  return {
    domain: { dnsName: domain.dnsName, netbiosName: domain.netbiosName, domainSid: domain.domainSid, maxPwdAge: interval(domain.maxPwdAgeDays) },
    passwordSettingsObjects: domain.passwordSettingsObjects.map((pso) => ({
      dn: dnOf(pso.name, domain.dnsName),
      name: pso.name,
      precedence: pso.precedence,
      maximumPasswordAge: interval(pso.maxAgeDays),
    })),
    users: domain.users.map((user) => ({
      objectSid: user.objectSid,
      objectGuid: user.objectGuid,
      userPrincipalName: user.userPrincipalName,
      sAMAccountName: user.sAMAccountName,
      mail: user.mail,
      pwdLastSet: String(user.pwdLastSetMs === null ? 0n : toFiletime(user.pwdLastSetMs)),
      userAccountControl: UF_NORMAL_ACCOUNT | (user.disabled ? UF_ACCOUNTDISABLE : 0) | (user.passwordNeverExpires ? UF_DONT_EXPIRE_PASSWD : 0),
      passwordExpiryTimeComputed: String(expiryTimeComputed(domain, user)),
      resultantPso: user.pso === null ? null : dnOf(user.pso, domain.dnsName),
      accountExpires: String(NEVER),
    })),
  };
}
