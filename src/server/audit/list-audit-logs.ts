import { desc, eq, sql } from 'drizzle-orm';
import type { AuditLogEntry, AuditLogPage } from '../../shared/api/audit.js';
import type { Database } from '../db/client.js';
import { preparedPerDatabase } from '../db/prepared-per-database.js';
import { auditLogs, users } from '../db/schema/index.js';
import { actorDisplayName } from './actor-name.js';

/** The newest `limit` entries of an organization. */
export async function latestAuditLogs(db: Database, tenantId: string, limit: number): Promise<AuditLogEntry[]> {
  return selectEntries(db, tenantId, limit, 0);
}

/** One page of an organization's history, newest first, with the total for the pager. */
export async function pageAuditLogs(db: Database, tenantId: string, page: number, pageSize: number): Promise<AuditLogPage> {
  const [entries, total] = await Promise.all([
    selectEntries(db, tenantId, pageSize, (page - 1) * pageSize),
    db.$count(auditLogs, eq(auditLogs.tenantId, tenantId)),
  ]);
  return { entries, total, page, pageSize };
}

/**
 * One page of an organization's entries, prepared once: the dashboard shows the latest on every
 * load. The page is taken from the (tenant, created_at, sequence) index first and only its rows
 * are joined to their actors, each looked up by its key (a lateral join): joining first, or a
 * plain join of the page, had PostgreSQL read the whole users table each time.
 */
const entriesStatement = preparedPerDatabase((db) => {
  const page = db
    .select({
      id: auditLogs.id,
      category: auditLogs.category,
      status: auditLogs.status,
      message: auditLogs.message,
      createdAt: auditLogs.createdAt,
      sequence: auditLogs.sequence,
      actorUserId: auditLogs.actorUserId,
    })
    .from(auditLogs)
    .where(eq(auditLogs.tenantId, sql.placeholder('tenantId')))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.sequence))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const actor = db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, page.actorUserId))
    // At most one user has the id anyway; the limit keeps PostgreSQL from flattening the lateral
    // join back into a plain one.
    .limit(1)
    .as('actor');
  return db
    .select({
      id: page.id,
      category: page.category,
      status: page.status,
      message: page.message,
      createdAt: page.createdAt,
      firstName: actor.firstName,
      lastName: actor.lastName,
      email: actor.email,
    })
    .from(page)
    .leftJoinLateral(actor, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.sequence))
    .prepare('audit_log_entries');
});

async function selectEntries(db: Database, tenantId: string, limit: number, offset: number): Promise<AuditLogEntry[]> {
  const rows = await entriesStatement(db).execute({ tenantId, limit, offset });
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    status: row.status,
    message: row.message,
    actorName: actorDisplayName(row),
    createdAt: row.createdAt.toISOString(),
  }));
}
