import { desc, eq } from 'drizzle-orm';
import type { Announcement, AnnouncementBody } from '../../shared/api/account-mail.js';
import type { Database } from '../db/client.js';
import { systemAnnouncements } from '../db/schema/index.js';
import { recordOperatorAction } from '../admin/index.js';
import { queueForAllUsers } from './outbox.js';

/**
 * The operator's system update: stored, written to the operator audit log and queued for every
 * user with System Updates on, in one transaction (queued once: the key is the announcement's id
 * and the user).
 */
export async function publishAnnouncement(
  db: Database,
  actorUserId: string,
  ipAddress: string | null,
  input: AnnouncementBody,
  now: Date,
): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(systemAnnouncements)
      .values({ title: input.title, body: input.body, createdByUserId: actorUserId, createdAt: now, recipients: 0 })
      .returning();
    if (!created) throw new Error('announcement insert returned no row');
    const recipients = await queueForAllUsers(tx, `system-update:${created.id}`, { type: 'system_update', title: input.title, body: input.body }, now);
    await tx.update(systemAnnouncements).set({ recipients }).where(eq(systemAnnouncements.id, created.id));
    await recordOperatorAction(tx, actorUserId, 'announcement_published', ipAddress);
    return { id: created.id, title: created.title, body: created.body, recipients, createdAt: created.createdAt.toISOString() };
  });
}

export async function listAnnouncements(db: Database): Promise<Announcement[]> {
  const rows = await db.select().from(systemAnnouncements).orderBy(desc(systemAnnouncements.createdAt)).limit(20);
  return rows.map((row) => ({ id: row.id, title: row.title, body: row.body, recipients: row.recipients, createdAt: row.createdAt.toISOString() }));
}
