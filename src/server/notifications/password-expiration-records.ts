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
import { preparedPerDatabase } from '../db/prepared-per-database.js';
import { unnestRows } from '../db/unnest-rows.js';
import { emailSends, passwordExpirations } from '../db/schema/index.js';

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
 * The page's two statements for one filter, order and search-or-not, prepared once each: the
 * dashboard opens on this table, so its SQL is not built again for every request.
 */
function preparePage(db: Database, { filter, sort, direction, searching }: PageVariant) {
  const startOfToday = sql.placeholder('startOfToday');
  const pattern = sql.placeholder('pattern');
  const searched = and(
    eq(passwordExpirations.tenantId, sql.placeholder('tenantId')),
    // Rows listed only for the dry run and the forecast are no part of the users table.
    eq(passwordExpirations.lookAhead, false),
    searching ? or(ilike(passwordExpirations.userDisplayName, pattern), ilike(passwordExpirations.userEmail, pattern)) : undefined,
  );
  const countOf = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);
  const reminder = latestReminder(db);
  const name = `password_expirations_${filter}_${sort}_${direction}${searching ? '_search' : ''}`;
  return {
    rows: db
      .select({
        record: RECORD_COLUMNS,
        reminder: { state: reminder.state, error: reminder.error, errorCode: reminder.errorCode, createdAt: reminder.createdAt },
      })
      .from(passwordExpirations)
      .leftJoinLateral(reminder, sql`true`)
      .where(and(searched, filterCondition(filter, startOfToday)))
      .orderBy(...orderOf(sort, direction))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
    counts: db
      .select({
        expiring_soon: countOf(filterCondition('expiring_soon', startOfToday)),
        expired: countOf(filterCondition('expired', startOfToday)),
        no_date: countOf(filterCondition('no_date', startOfToday)),
        all: countOf(undefined),
      })
      .from(passwordExpirations)
      .where(searched)
      .prepare(`${name}_counts`),
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

/**
 * GET /api/password-expirations: one page of the latest check's users under `filter`, in the
 * column's order, days counted from today, each with their latest reminder's delivery. `search`
 * keeps users whose display name or email contains it, ignoring case; the counts per filter
 * honour it.
 */
export async function pagePasswordExpirations(
  db: Database,
  tenantId: string,
  query: Pick<PasswordExpirationsQuery, 'page' | 'pageSize' | 'filter' | 'sort' | 'direction'> & { search?: string | undefined },
  timeZone: string,
  now: Date,
): Promise<PasswordExpirationsPage> {
  const { page, pageSize, search, filter, sort, direction } = query;
  const today = localDateOf(now, timeZone);
  const statements = pageStatements(db, { filter, sort, direction, searching: Boolean(search) });
  const parameters = { tenantId, startOfToday: instantOfWallClock(today, 0, timeZone), pattern: search ? containsPattern(search) : null };
  const [rows, [counts]] = await Promise.all([
    statements.rows.execute({ ...parameters, limit: pageSize, offset: (page - 1) * pageSize }),
    statements.counts.execute(parameters),
  ]);
  const allCounts = counts ?? { expiring_soon: 0, expired: 0, no_date: 0, all: 0 };
  return {
    records: rows.map(({ record, reminder }) => toExpirationRecord(record, today, reminder && { ...reminder, createdAt: reminder.createdAt.toISOString() })),
    total: allCounts[filter],
    counts: allCounts,
    page,
    pageSize,
  };
}
