// The wire between the Passwatch Connector and the server (docs/product.md §On-premises Active
// Directory). Both sides import this file: the connector to build and check what it sends, the
// server to refuse anything else. 64-bit AD integers travel as decimal strings exactly as AD
// stores them and are only ever read with BigInt (docs/domain.md §Hybrid directories).
import { z } from 'zod';
import { text } from './text-fields.js';

/** Users per batch the server accepts; the begin answer repeats it as maxUsersPerBatch. */
export const MAX_USERS_PER_BATCH = 5_000;
/** Users one domain's snapshot may hold. */
/** @public For the connector (connector/). */
export const MAX_USERS_PER_SNAPSHOT = 1_000_000;
/** Batches one snapshot may announce. */
export const MAX_BATCHES_PER_SNAPSHOT = 2_000;
/** A request body as sent (gzip-compressed or not), in bytes. */
export const MAX_COMPRESSED_BODY_BYTES = 8 * 1024 * 1024;
/** A request body after gzip decompression, in bytes. A batch of 5,000 ordinary users is about 2.5 MB. */
export const MAX_EXPANDED_BODY_BYTES = 16 * 1024 * 1024;

/** `pwc_` and 43 base64url characters (32 random bytes). */
export const CONNECTOR_KEY_PATTERN = /^pwc_[A-Za-z0-9_-]{43}$/;

/** @public For the connector (connector/). */
export const INT64_MAX = 9_223_372_036_854_775_807n;
/** @public For the connector (connector/). */
export const INT64_MIN = -9_223_372_036_854_775_808n;
/** msDS-UserPasswordExpiryTimeComputed and accountExpires: never. */
export const FILETIME_NEVER = '9223372036854775807';
/** maxPwdAge and msDS-MaximumPasswordAge: passwords never expire. */
/** @public For the connector (connector/). */
export const INTERVAL_NEVER = '-9223372036854775808';

/** How far ahead of Passwatch's clock a snapshot's takenAt may be: a host clock further ahead would keep the snapshot fresh forever. */
export const MAX_CLOCK_AHEAD_MINUTES = 5;

export const connectorMessages = {
  keyInvalid: 'Connector key is not valid or was revoked.',
  filetime: 'must be a decimal string from 0 to 9223372036854775807 (a FILETIME as AD stores it)',
  interval: 'must be a decimal string from -9223372036854775808 to 0 (an interval as AD stores it)',
  sid: 'must be a security identifier such as S-1-5-21-1004336348-1177238915-682003330-1104',
  guid: 'must be the base64 of the 16 bytes of objectGUID (24 characters ending in ==)',
  snapshotId: 'must be a UUID',
  userCountVsBatches: `batchCount is too small for userCount: a batch holds at most ${MAX_USERS_PER_BATCH} users`,
  duplicateSid: 'users: the same objectSid appears twice',
  takenAtInFuture: `takenAt is more than ${MAX_CLOCK_AHEAD_MINUTES} minutes ahead of Passwatch's clock: set the connector host's clock right (NTP) and send again`,
} as const;

const decimal = /^-?(0|[1-9][0-9]{0,18})$/;
const inInt64 = (text: string, min: bigint, max: bigint): boolean => {
  if (!decimal.test(text)) return false;
  const value = BigInt(text);
  return value >= min && value <= max;
};

/** A FILETIME (100-ns intervals since 1601-01-01 UTC) as AD stores it: 0 .. 2^63-1, as a string. */
/** @public For the connector (connector/). */
export const filetimeString = z.string().refine((text) => inInt64(text, 0n, INT64_MAX), connectorMessages.filetime);
/** A negative interval such as maxPwdAge (100-ns units, ≤ 0), as a string. */
/** @public For the connector (connector/). */
export const intervalString = z.string().refine((text) => inInt64(text, INT64_MIN, 0n), connectorMessages.interval);

const SID_PATTERN = /^S-1-[0-9]{1,14}(-[0-9]{1,10}){1,15}$/;
/** @public For the connector (connector/). */
export const sidString = z.string().max(184).regex(SID_PATTERN, connectorMessages.sid);
/** base64 of 16 bytes: 22 characters and the padding. */
/** @public For the connector (connector/). */
export const objectGuidString = z.string().regex(/^[A-Za-z0-9+/]{21}[AQgw]==$/, connectorMessages.guid);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const snapshotIdSchema = z.string().regex(UUID_PATTERN, connectorMessages.snapshotId);

// Free text is stored as PostgreSQL text: no NUL, no broken Unicode (text-fields.ts).
const distinguishedName = text().min(1).max(2048);

const passwordSettingsObjectSchema = z.strictObject({
  dn: distinguishedName,
  name: text().min(1).max(256),
  precedence: z.number().int().min(0).max(2_147_483_647),
  maximumPasswordAge: intervalString,
});
export type PasswordSettingsObject = z.infer<typeof passwordSettingsObjectSchema>;

const domainSchema = z.strictObject({
  dnsName: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, 'must be a DNS name such as corp.contoso.com'),
  netbiosName: text().min(1).max(15).optional(),
  domainSid: sidString,
  maxPwdAge: intervalString,
});
/** @public For the connector (connector/). */
export type SnapshotDomain = z.infer<typeof domainSchema>;

/** POST /api/connector/v1/snapshots: begin a snapshot of one domain. */
export const beginSnapshotBodySchema = z
  .strictObject({
    snapshotId: snapshotIdSchema,
    connectorVersion: z.string().min(1).max(64),
    takenAt: z.iso.datetime({ offset: true }),
    domain: domainSchema,
    passwordSettingsObjects: z.array(passwordSettingsObjectSchema).max(1_000),
    userCount: z.number().int().min(0).max(MAX_USERS_PER_SNAPSHOT),
    batchCount: z.number().int().min(0).max(MAX_BATCHES_PER_SNAPSHOT),
  })
  .refine((body) => body.batchCount * MAX_USERS_PER_BATCH >= body.userCount, {
    path: ['batchCount'],
    message: connectorMessages.userCountVsBatches,
  });
export type BeginSnapshotBody = z.infer<typeof beginSnapshotBodySchema>;

export const beginSnapshotAnswerSchema = z.object({
  snapshotId: z.string(),
  maxUsersPerBatch: z.number().int().positive(),
});
export type BeginSnapshotAnswer = z.infer<typeof beginSnapshotAnswerSchema>;

/** One AD user as read from a domain controller; nothing in it is computed by the connector. */
/** @public For the connector (connector/). */
export const adUserRecordSchema = z.strictObject({
  objectSid: sidString,
  objectGuid: objectGuidString,
  userPrincipalName: text().min(1).max(1024).nullable(),
  sAMAccountName: text().min(1).max(256),
  mail: text().min(1).max(256).nullable(),
  pwdLastSet: filetimeString,
  /** 32-bit flags; AD hands them out signed or unsigned, both are accepted. */
  userAccountControl: z.number().int().min(-2_147_483_648).max(4_294_967_295),
  passwordExpiryTimeComputed: filetimeString,
  resultantPso: distinguishedName.nullable(),
  accountExpires: filetimeString,
});
export type AdUserRecord = z.infer<typeof adUserRecordSchema>;

/** PUT /api/connector/v1/snapshots/{snapshotId}/batches/{index}. */
export const snapshotBatchBodySchema = z
  .strictObject({
    users: z.array(adUserRecordSchema).max(MAX_USERS_PER_BATCH),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    for (const [index, user] of body.users.entries()) {
      const sid = user.objectSid.toUpperCase();
      if (seen.has(sid)) {
        context.addIssue({ code: 'custom', path: ['users', index, 'objectSid'], message: connectorMessages.duplicateSid });
        return;
      }
      seen.add(sid);
    }
  });
export type SnapshotBatchBody = z.infer<typeof snapshotBatchBodySchema>;

/** @public For the connector (connector/). */
export const snapshotBatchAnswerSchema = z.object({ received: z.number().int().min(0) });
export type SnapshotBatchAnswer = z.infer<typeof snapshotBatchAnswerSchema>;

/** POST /api/connector/v1/snapshots/{snapshotId}/commit: the body is `{}`. */
export const commitSnapshotBodySchema = z.strictObject({});
/** @public For the connector (connector/). */
export type CommitSnapshotBody = z.infer<typeof commitSnapshotBodySchema>;

export const commitSnapshotAnswerSchema = z.object({
  snapshotId: z.string(),
  usersRead: z.number().int().min(0),
  matched: z.number().int().min(0),
  unmatchedAdUsers: z.number().int().min(0),
  unmatchedGraphUsers: z.number().int().min(0),
});
export type CommitSnapshotAnswer = z.infer<typeof commitSnapshotAnswerSchema>;

/** Every error answer of the connector routes. */
/** @public For the connector (connector/). */
export const connectorErrorAnswerSchema = z.object({ message: z.string() });
/** @public For the connector (connector/). */
export type ConnectorErrorAnswer = z.infer<typeof connectorErrorAnswerSchema>;
