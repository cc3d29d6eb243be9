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
import { localDateOf } from '../../shared/domain/days-until.js';
import { daysBetween, type LocalDate } from '../../shared/domain/local-date.js';
import { instantOfWallClock } from '../../shared/domain/zoned-time.js';
import type { Database } from '../db/client.js';
import { containsPattern } from '../db/contains-pattern.js';
import { preparedArrayRows } from '../db/array-rows.js';
import { preparedPerDatabase } from '../db/prepared-per-database.js';
import { unnestRows } from '../db/unnest-rows.js';
import { emailSends, passwordExpirations } from '../db/schema/index.js';
import { guessTimeZone, noteTimeZone, storedTimeZone } from '../configuration/index.js';

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

/** docs/product.md §States (row status): notified once reminded for this expiry, else expired once the day has passed, else pending. */
function expirationStatus(daysUntilExpiry: number, lastNotifiedAt: Date | null): PasswordExpirationStatus {
  if (lastNotifiedAt !== null) return 'notified';
  return daysUntilExpiry < 0 ? 'expired' : 'pending';
}

/** The columns a users-table row shows, read alone: the rest (tenant, check stamp, ...) would only be parsed and dropped. */
const RECORD_COLUMNS = {
  id: passwordExpirations.id,
  graphUserId: passwordExpirations.graphUserId,
  userEmail: passwordExpirations.userEmail,
  userDisplayName: passwordExpirations.userDisplayName,
  preferredLanguage: passwordExpirations.preferredLanguage,
  mailAddress: passwordExpirations.mailAddress,
  passwordExpiresAt: passwordExpirations.passwordExpiresAt,
  expiryDate: passwordExpirations.expiryDate,
  expiryReason: passwordExpirations.expiryReason,
  validityDays: passwordExpirations.validityDays,
  expirySource: passwordExpirations.expirySource,
  lastNotifiedAt: passwordExpirations.lastNotifiedAt,
};
type RecordColumns = Pick<PasswordExpirationRow, keyof typeof RECORD_COLUMNS>;

function toExpirationRecord(row: RecordColumns, today: LocalDate, latestReminder: EmailDelivery | null): PasswordExpirationRecord {
  const daysUntilExpiry = row.expiryDate === null ? null : daysBetween(today, row.expiryDate);
  return {
    id: row.id,
    userId: row.graphUserId,
    userEmail: row.userEmail,
    userDisplayName: row.userDisplayName,
    preferredLanguage: row.preferredLanguage,
    passwordExpiryDate: row.passwordExpiresAt?.toISOString() ?? null,
    daysUntilExpiry,
    expiryReason: row.expiryReason,
    validityDays: row.validityDays,
    expirySource: row.expirySource,
    lastNotified: row.lastNotifiedAt?.toISOString() ?? null,
    // No date: nothing is pending or expired; the "otherwise pending" rule applies.
    status: expirationStatus(daysUntilExpiry ?? 0, row.lastNotifiedAt),
    reachable: row.mailAddress !== null,
    latestReminder,
  };
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

type PageVariant = Pick<PasswordExpirationsQuery, 'filter' | 'sort' | 'direction'> & { searching: boolean };

/**
 * The page's statements for one filter, order and search-or-not, prepared once each: the dashboard
 * opens on this table, so its SQL is not built again for every request. `rows` is the page with
 * the counts per filter and the stored time zone on each row, so a page costs one round trip to
 * the database: its days are counted from today in a zone guessed beforehand, and only rows of
 * an organization whose stored zone is that guess are returned. `counts` alone answers what an
 * empty page leaves open: the counts, and whether the guess was right.
 */
function preparePage(db: Database, { filter, sort, direction, searching }: PageVariant) {
  const tenantId = sql.placeholder('tenantId');
  const startOfToday = sql.placeholder('startOfToday');
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
  const counts = db.$with('counts').as(countsQuery());
  const reminder = latestReminder(db);
  const name = `password_expirations_${filter}_${sort}_${direction}${searching ? '_search' : ''}`;
  return {
    rows: preparedArrayRows(
      db,
      name,
      db
        .with(counts)
        .select({
          ...RECORD_COLUMNS,
          reminderState: reminder.state,
          reminderError: reminder.error,
          reminderErrorCode: reminder.errorCode,
          reminderCreatedAt: reminder.createdAt,
          timeZone: counts.timeZone,
          expiringSoon: counts.expiring_soon,
          expired: counts.expired,
          noDate: counts.no_date,
          all: counts.all,
        })
        .from(passwordExpirations)
        .innerJoin(counts, eq(counts.timeZone, sql.placeholder('timeZone')))
        .leftJoinLateral(reminder, sql`true`)
        .where(and(searched, filterCondition(filter, startOfToday)))
        .orderBy(...orderOf(sort, direction))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ),
    counts: countsQuery().prepare(`${name}_counts`),
  };
}

/** Each row of `rows` (above) as an array, in the order selected: the record, its latest reminder, the zone and the counts. */
type PageRow = [
  id: string,
  graphUserId: string,
  userEmail: string,
  userDisplayName: string,
  preferredLanguage: string | null,
  mailAddress: string | null,
  passwordExpiresAt: string | null,
  expiryDate: LocalDate | null,
  expiryReason: PasswordExpirationRow['expiryReason'],
  validityDays: number | null,
  expirySource: PasswordExpirationRow['expirySource'],
  lastNotifiedAt: string | null,
  reminderState: EmailDelivery['state'] | null,
  reminderError: string | null,
  reminderErrorCode: string | null,
  reminderCreatedAt: string | null,
  timeZone: string,
  expiringSoon: string,
  expired: string,
  noDate: string,
  all: string,
];

/** An instant as PostgreSQL writes it, read as drizzle reads it. */
const instantOf = (written: string | null) => (written === null ? null : new Date(written));

function recordOfRow(row: PageRow, today: LocalDate): PasswordExpirationRecord {
  const record: RecordColumns = {
    id: row[0],
    graphUserId: row[1],
    userEmail: row[2],
    userDisplayName: row[3],
    preferredLanguage: row[4],
    mailAddress: row[5],
    passwordExpiresAt: instantOf(row[6]),
    expiryDate: row[7],
    expiryReason: row[8],
    validityDays: row[9],
    expirySource: row[10],
    lastNotifiedAt: instantOf(row[11]),
  };
  const [state, error, errorCode, createdAt] = [row[12], row[13], row[14], row[15]];
  // A user never reminded has no latest reminder (the lateral join's columns are all null).
  const latestReminder = state === null || createdAt === null ? null : { state, error, errorCode, createdAt: new Date(createdAt).toISOString() };
  return toExpirationRecord(record, today, latestReminder);
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

/** The counts per filter as numbers (PostgreSQL's count is a bigint, which arrives as text). */
function countsOf(row: { expiring_soon: unknown; expired: unknown; no_date: unknown; all: unknown }): PasswordExpirationsPage['counts'] {
  return { expiring_soon: Number(row.expiring_soon), expired: Number(row.expired), no_date: Number(row.no_date), all: Number(row.all) };
}

/**
 * GET /api/password-expirations: one page of the latest check's users under `filter`, in the
 * column's order, days counted from today in the organization's time zone (returned too), each
 * with their latest reminder's delivery. `search` keeps users whose display name or email
 * contains it, ignoring case; the counts per filter honour it.
 */
export async function pagePasswordExpirations(
  db: Database,
  tenantId: string,
  query: Pick<PasswordExpirationsQuery, 'page' | 'pageSize' | 'filter' | 'sort' | 'direction'> & { search?: string | undefined },
  now: Date,
): Promise<{ page: PasswordExpirationsPage; timeZone: string }> {
  const { page, pageSize, search, filter, sort, direction } = query;
  const statements = pageStatements(db, { filter, sort, direction, searching: Boolean(search) });
  // One round trip when the guess is right and the page has rows; an empty page asks for the
  // counts alone, and a wrong guess (the zone changed since) is followed by the stored zone.
  let timeZone = guessTimeZone(tenantId);
  for (let attempt = 1; ; attempt++) {
    const today = localDateOf(now, timeZone);
    const parameters = { tenantId, startOfToday: instantOfWallClock(today, 0, timeZone), pattern: search ? containsPattern(search) : null };
    const rows = (await statements.rows({ ...parameters, timeZone, limit: pageSize, offset: (page - 1) * pageSize })) as PageRow[];
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
    const allCounts = countsOf(counts);
    const records = rows.map((row) => recordOfRow(row, today));
    return { page: { records, total: allCounts[filter], counts: allCounts, page, pageSize }, timeZone };
  }
}
