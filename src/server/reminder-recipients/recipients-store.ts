import { eq } from 'drizzle-orm';
import type { ReminderRecipients, ReminderRecipientsBody } from '../../shared/api/reminder-recipients.js';
import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { reminderRecipients } from '../db/schema/index.js';

/** Who an organization's reminders go to besides the user, as the sender applies it. */
export interface RecipientRules {
  /** Pilot mode: every reminder goes here instead of to the user. */
  pilotMailbox: string | null;
  /** Each user's manager gets a copy (never in pilot mode). */
  ccManager: boolean;
}

const NO_RULES: RecipientRules = { pilotMailbox: null, ccManager: false };

export async function findRecipientRules(db: Pick<Database, 'select'>, tenantId: string): Promise<RecipientRules> {
  const [row] = await db
    .select({ pilotMailbox: reminderRecipients.pilotMailbox, ccManager: reminderRecipients.ccManager })
    .from(reminderRecipients)
    .where(eq(reminderRecipients.tenantId, tenantId));
  return row ?? NO_RULES;
}

export async function getReminderRecipients(db: Database, tenantId: string): Promise<ReminderRecipients> {
  const [row] = await db.select().from(reminderRecipients).where(eq(reminderRecipients.tenantId, tenantId));
  return row ? { pilotMailbox: row.pilotMailbox, ccManager: row.ccManager, updatedAt: row.updatedAt.toISOString() } : { ...NO_RULES, updatedAt: null };
}

/** Saves the rules and audits each change in the same transaction. */
export async function saveReminderRecipients(
  db: Database,
  tenantId: string,
  actorUserId: string,
  body: ReminderRecipientsBody,
  now: Date,
): Promise<ReminderRecipients> {
  await db.transaction(async (tx) => {
    const before = await findRecipientRules(tx, tenantId);
    const values = { pilotMailbox: body.pilotMailbox, ccManager: body.ccManager, updatedAt: now, updatedByUserId: actorUserId };
    await tx
      .insert(reminderRecipients)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: reminderRecipients.tenantId, set: values });
    for (const message of changeMessages(before, body)) {
      await recordAudit(tx, tenantId, { category: 'configuration', status: 'success', message, actorUserId, createdAt: now });
    }
  });
  return getReminderRecipients(db, tenantId);
}

function changeMessages(before: RecipientRules, after: RecipientRules): string[] {
  const messages: string[] = [];
  if (before.pilotMailbox !== after.pilotMailbox) {
    messages.push(
      after.pilotMailbox === null
        ? 'Pilot mode switched off: reminders go to the users again'
        : `Pilot mode on: every reminder goes to ${after.pilotMailbox} instead of the user`,
    );
  }
  if (before.ccManager !== after.ccManager) {
    messages.push(after.ccManager ? "Managers get a copy of their users' reminders" : 'Managers no longer get a copy of reminders');
  }
  return messages;
}
