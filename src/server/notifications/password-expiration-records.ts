import { and, asc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { PasswordExpirationRecord, PasswordExpirationsPage, PasswordExpirationStatus } from '../../shared/api/notifications.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { daysBetween, type LocalDate } from '../../shared/domain/local-date.js';
import type { Database } from '../db/client.js';
import { containsPattern } from '../db/contains-pattern.js';
import { passwordExpirations } from '../db/schema/index.js';

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
    .values([...records])
    .onConflictDoUpdate({
      target: [passwordExpirations.tenantId, passwordExpirations.graphUserId],
      set: {
        userEmail: sql`excluded.user_email`,
        userDisplayName: sql`excluded.user_display_name`,
        mailAddress: sql`excluded.mail_address`,
        passwordExpiresAt: sql`excluded.password_expires_at`,
        expiryDate: sql`excluded.expiry_date`,
        lastNotifiedAt: sql`case when ${passwordExpirations.expiryDate} = excluded.expiry_date then ${passwordExpirations.lastNotifiedAt} else null end`,
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

/** Spec section 3: notified once reminded for this expiry, else expired once the day has passed, else pending. */
export function expirationStatus(daysUntilExpiry: number, lastNotifiedAt: Date | null): PasswordExpirationStatus {
  if (lastNotifiedAt !== null) return 'notified';
  return daysUntilExpiry < 0 ? 'expired' : 'pending';
}

export function toExpirationRecord(row: PasswordExpirationRow, today: LocalDate): PasswordExpirationRecord {
  const daysUntilExpiry = daysBetween(today, row.expiryDate);
  return {
    id: row.id,
    userId: row.graphUserId,
    userEmail: row.userEmail,
    userDisplayName: row.userDisplayName,
    passwordExpiryDate: row.passwordExpiresAt.toISOString(),
    daysUntilExpiry,
    lastNotified: row.lastNotifiedAt?.toISOString() ?? null,
    status: expirationStatus(daysUntilExpiry, row.lastNotifiedAt),
    reachable: row.mailAddress !== null,
  };
}

/**
 * GET /api/password-expirations: one page of the latest check's users, soonest expiry first (then
 * by name, then id, so pages never overlap), days counted from today. `search` keeps users whose
 * display name or email contains it, ignoring case.
 */
export async function pagePasswordExpirations(
  db: Database,
  tenantId: string,
  query: { page: number; pageSize: number; search?: string | undefined },
  timeZone: string,
  now: Date,
): Promise<PasswordExpirationsPage> {
  const { page, pageSize, search } = query;
  const pattern = search ? containsPattern(search) : null;
  const matching = and(
    eq(passwordExpirations.tenantId, tenantId),
    pattern ? or(ilike(passwordExpirations.userDisplayName, pattern), ilike(passwordExpirations.userEmail, pattern)) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(passwordExpirations)
      .where(matching)
      .orderBy(asc(passwordExpirations.passwordExpiresAt), asc(passwordExpirations.userDisplayName), asc(passwordExpirations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(passwordExpirations, matching),
  ]);
  const today = localDateOf(now, timeZone);
  return { records: rows.map((row) => toExpirationRecord(row, today)), total, page, pageSize };
}
