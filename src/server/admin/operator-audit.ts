import { desc, eq } from 'drizzle-orm';
import type { OperatorAuditEntry } from '../../shared/api/admin.js';
import type { Database } from '../db/client.js';
import { operatorAuditLog, users } from '../db/schema/index.js';

export type OperatorAction = (typeof operatorAuditLog.$inferInsert)['action'];

/** How many entries the admin area lists, newest first. */
const OPERATOR_AUDIT_PAGE = 100;

/**
 * Writes one operator audit entry for the user, copying who they were at sign-in (issuer, subject,
 * the address the provider asserted) so the entry stays readable after the user is deleted.
 */
export async function recordOperatorAction(
  db: Pick<Database, 'select' | 'insert'>,
  userId: string,
  action: OperatorAction,
  ipAddress: string | null,
): Promise<void> {
  const [user] = await db.select({ issuer: users.issuer, subject: users.subject, email: users.signInEmail }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error('operator audit: the user does not exist');
  await db.insert(operatorAuditLog).values({ userId, ...user, action, ipAddress });
}

export async function listOperatorAudit(db: Database): Promise<OperatorAuditEntry[]> {
  const rows = await db.select().from(operatorAuditLog).orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id)).limit(OPERATOR_AUDIT_PAGE);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    issuer: row.issuer,
    subject: row.subject,
    email: row.email,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
  }));
}
