import { desc, eq } from 'drizzle-orm';
import type { AuditLogEntry, AuditLogPage } from '../../shared/api/audit.js';
import type { Database } from '../db/client.js';
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

async function selectEntries(db: Database, tenantId: string, limit: number, offset: number): Promise<AuditLogEntry[]> {
  const rows = await db
    .select({
      id: auditLogs.id,
      category: auditLogs.category,
      status: auditLogs.status,
      message: auditLogs.message,
      createdAt: auditLogs.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorUserId))
    .where(eq(auditLogs.tenantId, tenantId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.sequence))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    status: row.status,
    message: row.message,
    actorName: actorDisplayName(row),
    createdAt: row.createdAt.toISOString(),
  }));
}
