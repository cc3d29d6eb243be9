import type { AuditCategory, AuditStatus } from '../../shared/api/audit.js';
import type { Database } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';

export interface AuditEntryInput {
  category: AuditCategory;
  status: AuditStatus;
  /** What the dashboard shows; never a secret. */
  message: string;
  /** The signed-in user who caused it; omitted for the system (schedules, webhooks). */
  actorUserId?: string | null;
  /** Structured facts for later inspection; never a secret. */
  details?: Record<string, unknown> | null;
  /** Defaults to the database's now(); pass the injected clock's time where it matters. */
  createdAt?: Date;
}

/** The database or an open transaction: the entry commits or rolls back with the change it records. */
export type AuditWriter = Pick<Database, 'insert'>;

/** Appends one entry to an organization's audit log. */
export async function recordAudit(db: AuditWriter, tenantId: string, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLogs).values({
    tenantId,
    category: entry.category,
    status: entry.status,
    message: entry.message,
    actorUserId: entry.actorUserId ?? null,
    details: entry.details ?? null,
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
  });
}
