import { and, asc, desc, eq, gte, ilike, isNull, lt, ne, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type {
  EmailDelivery,
  PasswordExpirationFilter,
  PasswordExpirationRecord,
  PasswordExpirationsPage,
  PasswordExpirationSort,
  PasswordExpirationsQuery,
  PasswordExpirationStatus,
} from '../../shared/api/notifications.js';
import type { SortDirection } from '../../shared/api/paging.js';
import type { Database } from '../db/client.js';
import { containsPattern } from '../db/contains-pattern.js';
import { preparedArrayRows } from '../db/array-rows.js';
import { preparedPerDatabase } from '../db/prepared-per-database.js';
import { unnestRows } from '../db/unnest-rows.js';
import { emailSends, passwordExpirations } from '../db/schema/index.js';
import { guessTimeZone, noteTimeZone, storedTimeZone, todayIn } from '../configuration/index.js';

export type PasswordExpirationRow = typeof passwordExpirations.$inferSelect;
export type NewPasswordExpiration = typeof passwordExpirations.$inferInsert;

/**
 * Writes what a check found. A record keeps its "Last Notified" while the expiry is the same; a
 * new expiry (the password was changed) starts it over.
 */
export async function upsertExpirationRecords(db: Pick<Database, 'insert'>, records: readonly NewPasswordExpiration[]): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(passwordExpirations)
    .select(unnestRows(passwordExpirations, records))
    .onConflictDoUpdate({
      target: [passwordExpirations.tenantId, passwordExpirations.graphUserId],
      set: {
        userEmail: sql`excluded.user_email`,
        userDisplayName: sql`excluded.user_display_name`,
        userPrincipalName: sql`excluded.user_principal_name`,
        lookAhead: sql`excluded.look_ahead`,
        mailAddress: sql`excluded.mail_address`,
        preferredLanguage: sql`excluded.preferred_language`,
        passwordExpiresAt: sql`excluded.password_expires_at`,
        expiryDate: sql`excluded.expiry_date`,
        expiryReason: sql`excluded.expiry_reason`,
        validityDays: sql`excluded.validity_days`,
        expirySource: sql`excluded.expiry_source`,
        lastNotifiedAt: sql`case when ${passwordExpirations.expiryDate} is not distinct from excluded.expiry_date
          then ${passwordExpirations.lastNotifiedAt} else null end`,
        // Two checks at once: the row keeps the later one's stamp, so neither removes what the other found.
        checkedAt: sql`greatest(${passwordExpirations.checkedAt}, excluded.checked_at)`,
      },
    });
}

/** Drops the records a check (stamped `checkedAt`) no longer found: password changed, user gone or filtered out. */
export async function removeUncheckedRecords(db: Pick<Database, 'delete'>, tenantId: string, checkedAt: Date): Promise<void> {
  await db.delete(passwordExpirations).where(and(eq(passwordExpirations.tenantId, tenantId), lt(passwordExpirations.checkedAt, checkedAt)));
}

export async function findExpirationRecord(db: Database, tenantId: string, graphUserId: string): Promise<PasswordExpirationRow | null> {
  const [row] = await db
    .select()
    .from(passwordExpirations)
    .where(and(eq(passwordExpirations.tenantId, tenantId), eq(passwordExpirations.graphUserId, graphUserId)));
  return row ?? null;
}

/**
 * Each filter as a condition on the stored instant, so the (tenant, expiry) index serves it: the
 * expiry day is today or later exactly when the instant is at or after today's midnight in the
 * organization's zone.
 */
function filterCondition(filter: PasswordExpirationFilter, startOfToday: SQLWrapper): SQL | undefined {
  switch (filter) {
    case 'expiring_soon':
      return gte(passwordExpirations.passwordExpiresAt, startOfToday);
    case 'expired':
      return lt(passwordExpirations.passwordExpiresAt, startOfToday);
    case 'no_date':
      return isNull(passwordExpirations.passwordExpiresAt);
    case 'all':
      return undefined;
  }
}

/**
 * The order of each sortable column, its ties broken by the columns after it down to the id (so
 * pages never overlap), all one way so an index reads it in either direction. PostgreSQL's
 * default null placement keeps that true: no expiry date sorts after every date, and "never
 * notified" before every notification (its index keeps nulls first).
 */
const SORT_COLUMNS: Record<PasswordExpirationSort, readonly AnyColumn[]> = {
  expiry: [passwordExpirations.passwordExpiresAt, passwordExpirations.userDisplayName, passwordExpirations.id],
  name: [passwordExpirations.userDisplayName, passwordExpirations.id],
  email: [passwordExpirations.userEmail, passwordExpirations.id],
  last_notified: [passwordExpirations.lastNotifiedAt, passwordExpirations.id],
};

function orderOf(sort: PasswordExpirationSort, direction: SortDirection): SQL[] {
  const nullsFirst = sort === 'last_notified' ? direction === 'asc' : direction === 'desc';
  return SORT_COLUMNS[sort].map((column, index) => {
    const ordered = direction === 'asc' ? asc(column) : desc(column);
    return index === 0 ? sql`${ordered} ${sql.raw(nullsFirst ? 'nulls first' : 'nulls last')}` : ordered;
  });
}

/**
 * The latest mail (scheduled or sent from the row) to the user of the outer password_expirations
 * row, test mails aside: joined laterally, so a page and its deliveries are one query.
 */
function latestReminder(db: Database) {
  return db
    .select({ state: emailSends.state, error: emailSends.lastError, errorCode: emailSends.errorCode, createdAt: emailSends.createdAt })
    .from(emailSends)
    .where(and(eq(emailSends.tenantId, passwordExpirations.tenantId), eq(emailSends.graphUserId, passwordExpirations.graphUserId), ne(emailSends.kind, 'test')))
    .orderBy(desc(emailSends.createdAt), desc(emailSends.id))
    .limit(1)
    .as('latest_reminder');
}

/** An instant as JSON.stringify writes a Date (toISOString): UTC, milliseconds, "Z". */
const isoInstant = (instant: SQLWrapper) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type PageVariant = Pick<PasswordExpirationsQuery, 'filter' | 'sort' | 'direction'> & { searching: boolean };

/**
 * The page's statements for one filter, order and search-or-not, prepared once each: the dashboard
 * opens on this table, so its SQL is not built again for every request. `rows` is the page with
 * the counts per filter and the stored time zone on each row, so a page costs one round trip to
 * the database: its days are counted from today in a zone guessed beforehand, and only rows of
 * an organization whose stored zone is that guess are returned. `counts` alone answers what an
 * empty page leaves open: the counts, and whether the guess was right. Each row's values come
 * as the answer writes them (instants in ISO 8601, days counted), so the app only joins them into
 * JSON (docs/architecture.md §API performance).
 */
function preparePage(db: Database, { filter, sort, direction, searching }: PageVariant) {
  const tenantId = sql.placeholder('tenantId');
  const startOfToday = sql.placeholder('startOfToday');
  const today = sql.placeholder('today');
  const pattern = sql.placeholder('pattern');
  const searched = and(
    eq(passwordExpirations.tenantId, tenantId),
    // Rows listed only for the dry run and the forecast are no part of the users table.
    eq(passwordExpirations.lookAhead, false),
    searching ? or(ilike(passwordExpirations.userDisplayName, pattern), ilike(passwordExpirations.userEmail, pattern)) : undefined,
  );
  const countOf = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition ?? sql`true`})`;
  const countsQuery = () =>
    db
      .select({
        timeZone: storedTimeZone(tenantId).as('time_zone'),
        expiring_soon: countOf(filterCondition('expiring_soon', startOfToday)).as('expiring_soon'),
        expired: countOf(filterCondition('expired', startOfToday)).as('expired'),
        no_date: countOf(filterCondition('no_date', startOfToday)).as('no_date'),
        all: countOf(undefined).as('all'),
      })
      .from(passwordExpirations)
      .where(searched);
  const row = passwordExpirations;
  const reminder = latestReminder(db);
  const name = `password_expirations_${filter}_${sort}_${direction}${searching ? '_search' : ''}`;
  const rows = sql`with counts as ${countsQuery()}
    select ${row.id}, ${row.graphUserId}, ${row.userEmail}, ${row.userDisplayName}, ${row.preferredLanguage},
      ${isoInstant(row.passwordExpiresAt)}, ${row.expiryDate} - ${today}::date, ${row.expiryReason}, ${row.validityDays},
      ${row.expirySource}, ${isoInstant(row.lastNotifiedAt)}, ${row.mailAddress} is not null,
      ${reminder.state}, ${reminder.error}, ${reminder.errorCode}, ${isoInstant(reminder.createdAt)},
      counts.time_zone, counts.expiring_soon, counts.expired, counts.no_date, counts.all
    from ${passwordExpirations}
    inner join counts on counts.time_zone = ${sql.placeholder('timeZone')}
    left join lateral ${reminder} on true
    where ${and(searched, filterCondition(filter, startOfToday))}
    order by ${sql.join(orderOf(sort, direction), sql`, `)}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return { rows: preparedArrayRows(db, name, rows), counts: countsQuery().prepare(`${name}_counts`) };
}

/** Each row of `rows` (above) as an array, in the order selected: the record as the answer writes it, its latest reminder, the zone and the counts. */
type PageRow = [
  id: string,
  userId: string,
  userEmail: string,
  userDisplayName: string,
  preferredLanguage: string | null,
  passwordExpiryDate: string | null,
  daysUntilExpiry: number | null,
  expiryReason: string,
  validityDays: number | null,
  expirySource: string | null,
  lastNotified: string | null,
  reachable: boolean,
  reminderState: string | null,
  reminderError: string | null,
  reminderErrorCode: string | null,
  reminderCreatedAt: string | null,
  timeZone: string,
  expiringSoon: string,
  expired: string,
  noDate: string,
  all: string,
];

/** docs/product.md §States (row status): notified once reminded for this expiry, else expired once the day has passed, else pending. */
function expirationStatus(daysUntilExpiry: number, lastNotified: string | null): PasswordExpirationStatus {
  if (lastNotified !== null) return 'notified';
  return daysUntilExpiry < 0 ? 'expired' : 'pending';
}

/** A text value as JSON.stringify writes it. */
const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * One PasswordExpirationRecord written as JSON.stringify would write the object (the same keys in
 * the same order): building the objects and stringifying them was most of the route's CPU.
 */
function recordJson(row: PageRow): string {
  const [id, userId, userEmail, userDisplayName, preferredLanguage, passwordExpiryDate, daysUntilExpiry, expiryReason, validityDays, ...rest] = row;
  const [expirySource, lastNotified, reachable, state, error, errorCode, createdAt] = rest;
  // A user never reminded has no latest reminder (the lateral join's columns are all null).
  const latestReminder =
    state === null || createdAt === null
      ? 'null'
      : `{"state":${text(state)},"error":${text(error)},"errorCode":${text(errorCode)},"createdAt":${text(createdAt)}}`;
  // No date: nothing is pending or expired; the "otherwise pending" rule applies.
  const status = expirationStatus(daysUntilExpiry ?? 0, lastNotified);
  return (
    `{"id":${text(id)},"userId":${text(userId)},"userEmail":${text(userEmail)},"userDisplayName":${text(userDisplayName)},` +
    `"preferredLanguage":${text(preferredLanguage)},"passwordExpiryDate":${text(passwordExpiryDate)},"daysUntilExpiry":${daysUntilExpiry ?? 'null'},` +
    `"expiryReason":${text(expiryReason)},"validityDays":${validityDays ?? 'null'},"expirySource":${text(expirySource)},` +
    `"lastNotified":${text(lastNotified)},"status":"${status}","reachable":${reachable},"latestReminder":${latestReminder}}`
  );
}

/** The same record as an object, for the CSV export: the keys and values recordJson writes. */
function recordOfRow(row: PageRow): PasswordExpirationRecord {
  const [id, userId, userEmail, userDisplayName, preferredLanguage, passwordExpiryDate, daysUntilExpiry, expiryReason, validityDays, ...rest] = row;
  const [expirySource, lastNotified, reachable, state, error, errorCode, createdAt] = rest;
  return {
    id,
    userId,
    userEmail,
    userDisplayName,
    preferredLanguage,
    passwordExpiryDate,
    daysUntilExpiry,
    expiryReason: expiryReason as PasswordExpirationRecord['expiryReason'],
    validityDays,
    expirySource,
    lastNotified,
    status: expirationStatus(daysUntilExpiry ?? 0, lastNotified),
    reachable,
    latestReminder: state === null || createdAt === null ? null : { state: state as EmailDelivery['state'], error, errorCode, createdAt },
  };
}

// At most 4 filters x 4 orders x 2 directions x search or not.
const preparedPages = preparedPerDatabase(() => new Map<string, ReturnType<typeof preparePage>>());

function pageStatements(db: Database, variant: PageVariant): ReturnType<typeof preparePage> {
  const pages = preparedPages(db);
  const key = `${variant.filter} ${variant.sort} ${variant.direction} ${variant.searching}`;
  const known = pages.get(key);
  if (known) return known;
  const statements = preparePage(db, variant);
  pages.set(key, statements);
  return statements;
}

// The guess, then the stored zone, then once more should a save have changed it again meanwhile.
const MAX_ATTEMPTS = 3;

type PageQuery = Pick<PasswordExpirationsQuery, 'page' | 'pageSize' | 'filter' | 'sort' | 'direction'> & { search?: string | undefined };

/**
 * GET /api/password-expirations as rows (written out by passwordExpirationsPageJson and
 * pagePasswordExpirations): one page of the latest check's users under `filter`, in the column's order, days counted from today in the
 * organization's time zone (returned too), each with their latest reminder's delivery. `search`
 * keeps users whose display name or email contains it, ignoring case; the counts per filter honour it.
 */
async function readPage(
  db: Database,
  tenantId: string,
  query: PageQuery,
  now: Date,
): Promise<{ rows: PageRow[]; counts: PasswordExpirationsPage['counts']; timeZone: string; today: string }> {
  const { page, pageSize, search, filter, sort, direction } = query;
  const statements = pageStatements(db, { filter, sort, direction, searching: Boolean(search) });
  // One round trip when the guess is right and the page has rows; an empty page asks for the
  // counts alone, and a wrong guess (the zone changed since) is followed by the stored zone.
  let timeZone = guessTimeZone(tenantId);
  for (let attempt = 1; ; attempt++) {
    const { today, startOfToday } = todayIn(timeZone, now);
    const parameters = { tenantId, startOfToday, pattern: search ? containsPattern(search) : null };
    const rows = (await statements.rows({ ...parameters, today, timeZone, limit: pageSize, offset: (page - 1) * pageSize })) as PageRow[];
    const first = rows[0];
    const [counts] = first
      ? [{ timeZone: first[16], expiring_soon: first[17], expired: first[18], no_date: first[19], all: first[20] }]
      : await statements.counts.execute(parameters);
    if (counts === undefined) throw new Error('the counts of the users table returned no row');
    noteTimeZone(tenantId, counts.timeZone);
    if (counts.timeZone !== timeZone && attempt < MAX_ATTEMPTS) {
      timeZone = counts.timeZone;
      continue;
    }
    if (counts.timeZone !== timeZone) throw new Error('the time zone of the organization kept changing while its users table was read');
    // PostgreSQL's count is a bigint, which arrives as text.
    const all: PasswordExpirationsPage['counts'] = {
      expiring_soon: Number(counts.expiring_soon),
      expired: Number(counts.expired),
      no_date: Number(counts.no_date),
      all: Number(counts.all),
    };
    return { rows, counts: all, timeZone, today };
  }
}

/**
 * The route's answer: the page's JSON written straight from the rows (docs/architecture.md §API
 * performance), with the zone and the day its days are counted from.
 */
export async function passwordExpirationsPageJson(
  db: Database,
  tenantId: string,
  query: PageQuery,
  now: Date,
): Promise<{ json: string; timeZone: string; today: string }> {
  const { rows, counts, timeZone, today } = await readPage(db, tenantId, query, now);
  // The keys in PasswordExpirationsPage's order, as JSON.stringify would write the object.
  const records = rows.map(recordJson).join(',');
  const json = `{"records":[${records}],"total":${counts[query.filter]},"counts":${JSON.stringify(counts)},"page":${query.page},"pageSize":${query.pageSize}}`;
  return { json, timeZone, today };
}

/** The same page as objects (the CSV export), built from the rows, not by parsing the route's JSON. */
export async function pagePasswordExpirations(
  db: Database,
  tenantId: string,
  query: PageQuery,
  now: Date,
): Promise<{ page: PasswordExpirationsPage; timeZone: string }> {
  const { rows, counts, timeZone } = await readPage(db, tenantId, query, now);
  const page: PasswordExpirationsPage = { records: rows.map(recordOfRow), total: counts[query.filter], counts, page: query.page, pageSize: query.pageSize };
  return { page, timeZone };
}
