import { eq } from 'drizzle-orm';
import { reminderPolicyMessages, type ReminderPolicy, type reminderPolicyBody } from '../../shared/api/reminder-policy.js';
import type { ReminderThresholds } from '../../shared/domain/reminder-thresholds.js';
import type { z } from 'zod';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { findConfiguration } from '../configuration/index.js';
import type { Database } from '../db/client.js';
import { reminderPolicies } from '../db/schema/index.js';
import { badRequest } from '../http/app-error.js';
import { sanitizeTemplate } from '../mail/index.js';
import { DEFAULT_AFTER_EXPIRY_SUBJECT, DEFAULT_AFTER_EXPIRY_TEMPLATE, SUGGESTED_AFTER_EXPIRY_DAYS, SUGGESTED_REMINDER_DAYS } from './after-expiry-template.js';

type PolicyRow = typeof reminderPolicies.$inferSelect;

/** The after-expiry reminder's subject and template. */
export interface AfterExpiryWording {
  subject: string;
  template: string;
}

async function findReminderPolicy(db: Pick<Database, 'select'>, tenantId: string): Promise<PolicyRow | null> {
  const [row] = await db.select().from(reminderPolicies).where(eq(reminderPolicies.tenantId, tenantId));
  return row ?? null;
}

/** The thresholds a check applies, or null: every day within the configuration's Reminder Days. */
export async function findReminderThresholds(db: Pick<Database, 'select'>, tenantId: string): Promise<ReminderThresholds | null> {
  const row = await findReminderPolicy(db, tenantId);
  return row ? { reminderDays: row.reminderDays, afterExpiryDays: row.afterExpiryDays } : null;
}

/**
 * The wording of after-expiry reminders. A reminder planned under a policy since replaced by daily
 * reminders still goes out with the default after-expiry wording, never the "expires soon" one.
 */
export async function findAfterExpiryWording(db: Pick<Database, 'select'>, tenantId: string): Promise<AfterExpiryWording> {
  const row = await findReminderPolicy(db, tenantId);
  return row
    ? { subject: row.afterExpirySubject, template: row.afterExpiryTemplate }
    : { subject: DEFAULT_AFTER_EXPIRY_SUBJECT, template: DEFAULT_AFTER_EXPIRY_TEMPLATE };
}

function toDto(row: PolicyRow | null, daysBeforeExpiration: number): ReminderPolicy {
  if (!row) {
    return {
      mode: 'daily',
      reminderDays: [...SUGGESTED_REMINDER_DAYS],
      afterExpiryDays: [...SUGGESTED_AFTER_EXPIRY_DAYS],
      afterExpirySubject: DEFAULT_AFTER_EXPIRY_SUBJECT,
      afterExpiryTemplate: DEFAULT_AFTER_EXPIRY_TEMPLATE,
      daysBeforeExpiration,
      updatedAt: null,
    };
  }
  return {
    mode: 'thresholds',
    reminderDays: row.reminderDays,
    afterExpiryDays: row.afterExpiryDays,
    afterExpirySubject: row.afterExpirySubject,
    afterExpiryTemplate: row.afterExpiryTemplate,
    daysBeforeExpiration,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function daysBeforeExpirationOf(db: Pick<Database, 'select'>, tenantId: string): Promise<number | null> {
  return (await findConfiguration(db, tenantId))?.daysBeforeExpiration ?? null;
}

/** GET /api/reminder-policy. */
export async function getReminderPolicy(db: Database, tenantId: string): Promise<ReminderPolicy> {
  const [row, days] = await Promise.all([findReminderPolicy(db, tenantId), daysBeforeExpirationOf(db, tenantId)]);
  return toDto(row, days ?? 0);
}

const describeDays = (days: readonly number[]) => (days.length === 0 ? 'none' : days.join(', '));

/**
 * PUT /api/reminder-policy: stores the policy (the after-expiry template sanitised like the main
 * one) or, for `daily`, removes it; audited. Needs the configuration saved first: the policy
 * refines its schedule.
 */
export async function saveReminderPolicy(
  db: Database,
  tenantId: string,
  actorUserId: string,
  body: z.output<typeof reminderPolicyBody>,
  now: Date,
): Promise<ReminderPolicy> {
  const daysBeforeExpiration = await daysBeforeExpirationOf(db, tenantId);
  if (daysBeforeExpiration === null) throw badRequest(reminderPolicyMessages.configurationRequired);
  const actorName = await actorNameOf(db, actorUserId);
  const saved = await db.transaction(async (tx) => {
    if (body.mode === 'daily') {
      const removed = await tx.delete(reminderPolicies).where(eq(reminderPolicies.tenantId, tenantId)).returning({ tenantId: reminderPolicies.tenantId });
      if (removed.length > 0) {
        await recordAudit(tx, tenantId, {
          category: 'configuration',
          status: 'success',
          message: `Reminder policy set to every day within ${daysBeforeExpiration} days by ${actorName}`,
          actorUserId,
          details: { mode: 'daily' },
          createdAt: now,
        });
      }
      return null;
    }
    const values = {
      reminderDays: body.reminderDays,
      afterExpiryDays: body.afterExpiryDays,
      afterExpirySubject: body.afterExpirySubject,
      afterExpiryTemplate: sanitizeTemplate(body.afterExpiryTemplate),
      updatedAt: now,
      updatedByUserId: actorUserId,
    };
    const [row] = await tx
      .insert(reminderPolicies)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: reminderPolicies.tenantId, set: values })
      .returning();
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message:
        `Reminder policy saved by ${actorName}: reminders ${describeDays(body.reminderDays)} days before expiry, after ` +
        `expiry: ${describeDays(body.afterExpiryDays)}`,
      actorUserId,
      details: { mode: 'thresholds', reminderDays: body.reminderDays, afterExpiryDays: body.afterExpiryDays },
      createdAt: now,
    });
    return row ?? null;
  });
  return toDto(saved, daysBeforeExpiration);
}
