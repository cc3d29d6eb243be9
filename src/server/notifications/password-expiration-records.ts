import { and, asc, desc, eq, gte, ilike, isNull, lt, ne, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PasswordExpirationFilter, PasswordExpirationsPage, PasswordExpirationSort, PasswordExpirationsQuery } from '../../shared/api/notifications.js';
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

/**
 * One row of the users table (PasswordExpirationRecord) as the `record` of lateral joins on the
 * page's password_expirations row and its latest reminder: row_to_json(record) writes what
 * JSON.stringify would write of the object (the same keys in the same order, no spaces).
 * `today` is the organization's date the days are counted from.
 */
function recordJoins(reminder: ReturnType<typeof latestReminder>, today: SQLWrapper): SQL {
  const row = passwordExpirations;
  return sql`left join lateral ${reminder} on true
    cross join lateral (select
      ${reminder.state} as "state",
      ${reminder.error} as "error",
      ${reminder.errorCode} as "errorCode",
      ${isoInstant(reminder.createdAt)} as "createdAt") as delivery
    cross join lateral (select
      ${row.id} as "id",
      ${row.graphUserId} as "userId",
      ${row.userEmail} as "userEmail",
      ${row.userDisplayName} as "userDisplayName",
      ${row.preferredLanguage} as "preferredLanguage",
      ${isoInstant(row.passwordExpiresAt)} as "passwordExpiryDate",
      ${row.expiryDate} - ${today}::date as "daysUntilExpiry",
      ${row.expiryReason} as "expiryReason",
      ${row.validityDays} as "validityDays",
      ${row.expirySource} as "expirySource",
      ${isoInstant(row.lastNotifiedAt)} as "lastNotified",
      -- docs/product.md §States (row status): notified once reminded for this expiry, else
      -- expired once the day has passed, else pending (also with no date).
      case when ${row.lastNotifiedAt} is not null then 'notified' when ${row.expiryDate} < ${today}::date then 'expired' else 'pending' end as "status",
      ${row.mailAddress} is not null as "reachable",
      -- A user never reminded has no latest reminder (the lateral join's columns are all null).
      case when ${reminder.state} is null or ${reminder.createdAt} is null then null else row_to_json(delivery) end as "latestReminder") as record`;
}

type PageVariant = Pick<PasswordExpirationsQuery, 'filter' | 'sort' | 'direction'> & { searching: boolean };

/**
 * The page's statement for one filter, order and search-or-not, prepared once: the dashboard
 * opens on this table, so its SQL is not built again for every request. One round trip answers a
 * page: the stored time zone, the counts per filter, and the page's records already written as
 * JSON by PostgreSQL (docs/architecture.md §API performance: parsing each column of each row and
 * writing the answer again was most of the route's CPU). The days are counted from today in a
 * zone guessed beforehand; the records are written only when the stored zone is that guess.
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
  const counts = db
    .select({
      timeZone: storedTimeZone(tenantId).as('time_zone'),
      expiringSoon: countOf(filterCondition('expiring_soon', startOfToday)).as('expiring_soon'),
      expired: countOf(filterCondition('expired', startOfToday)).as('expired'),
      noDate: countOf(filterCondition('no_date', startOfToday)).as('no_date'),
      all: countOf(undefined).as('all'),
    })
    .from(passwordExpirations)
    .where(searched);
  const order = sql.join(orderOf(sort, direction), sql`, `);
  // Numbered in the table's order, so the records keep it when they are joined into one array.
  const page = sql`select row_number() over (order by ${order}) as position, row_to_json(record)::text as record
    from ${passwordExpirations}
    ${recordJoins(latestReminder(db), sql.placeholder('today'))}
    where ${and(searched, filterCondition(filter, startOfToday))}
    order by ${order}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const statement = sql`with counts as ${counts}
    select counts.time_zone, counts.expiring_soon, counts.expired, counts.no_date, counts.all,
      case when counts.time_zone = ${sql.placeholder('timeZone')}
        then (select coalesce('[' || string_agg(page.record, ',' order by page.position) || ']', '[]') from (${page}) as page)
      end
    from counts`;
  return preparedArrayRows(db, `password_expirations_${filter}_${sort}_${direction}${searching ? '_search' : ''}`, statement);
}

/** The row of the page's statement (above); counts are bigints, which arrive as text; records null when the zone was not the guess. */
type PageRow = [timeZone: string, expiringSoon: string, expired: string, noDate: string, all: string, records: string | null];

// At most 4 filters x 4 orders x 2 directions x search or not.
const preparedPages = preparedPerDatabase(() => new Map<string, ReturnType<typeof preparePage>>());

function pageStatement(db: Database, variant: PageVariant): ReturnType<typeof preparePage> {
  const pages = preparedPages(db);
  const key = `${variant.filter} ${variant.sort} ${variant.direction} ${variant.searching}`;
  const known = pages.get(key);
  if (known) return known;
  const statement = preparePage(db, variant);
  pages.set(key, statement);
  return statement;
}

// The guess, then the stored zone, then once more should a save have changed it again meanwhile.
const MAX_ATTEMPTS = 3;

type PageQuery = Pick<PasswordExpirationsQuery, 'page' | 'pageSize' | 'filter' | 'sort' | 'direction'> & { search?: string | undefined };

/**
 * GET /api/password-expirations, as the JSON text of a PasswordExpirationsPage: one page of the
 * latest check's users under `filter`, in the column's order, days counted from today in the
 * organization's time zone (returned too), each with their latest reminder's delivery. `search`
 * keeps users whose display name or email contains it, ignoring case; the counts per filter honour it.
 */
export async function passwordExpirationsPageJson(db: Database, tenantId: string, query: PageQuery, now: Date): Promise<{ json: string; timeZone: string }> {
  const { page, pageSize, search, filter, sort, direction } = query;
  const statement = pageStatement(db, { filter, sort, direction, searching: Boolean(search) });
  // One round trip when the guess is right; a wrong guess (the zone changed since) is followed by the stored zone.
  let timeZone = guessTimeZone(tenantId);
  for (let attempt = 1; ; attempt++) {
    const { today, startOfToday } = todayIn(timeZone, now);
    const [row] = (await statement({
      tenantId,
      today,
      startOfToday,
      pattern: search ? containsPattern(search) : null,
      timeZone,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    })) as PageRow[];
    if (row === undefined) throw new Error('the counts of the users table returned no row');
    const [storedZone, expiringSoon, expired, noDate, all, records] = row;
    noteTimeZone(tenantId, storedZone);
    if (records === null && attempt < MAX_ATTEMPTS) {
      timeZone = storedZone;
      continue;
    }
    if (records === null) throw new Error('the time zone of the organization kept changing while its users table was read');
    const counts: PasswordExpirationsPage['counts'] = {
      expiring_soon: Number(expiringSoon),
      expired: Number(expired),
      no_date: Number(noDate),
      all: Number(all),
    };
    // The keys in PasswordExpirationsPage's order, as JSON.stringify would write the object.
    const json = `{"records":${records},"total":${counts[filter]},"counts":${JSON.stringify(counts)},"page":${page},"pageSize":${pageSize}}`;
    return { json, timeZone };
  }
}

/** The same page as an object (the CSV export, tests). */
export async function pagePasswordExpirations(
  db: Database,
  tenantId: string,
  query: PageQuery,
  now: Date,
): Promise<{ page: PasswordExpirationsPage; timeZone: string }> {
  const { json, timeZone } = await passwordExpirationsPageJson(db, tenantId, query, now);
  return { page: JSON.parse(json) as PasswordExpirationsPage, timeZone };
}
