import { eq } from 'drizzle-orm';
import { automationMessages, type ToggleAutomationResponse } from '../../shared/api/dashboard.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { findConfiguration } from '../configuration/index.js';
import { configurations } from '../db/schema/index.js';
import { badRequest } from '../http/app-error.js';
import { type NotificationServices, requireActiveSubscription } from '../notifications/index.js';
import { resetSchedule } from './due-checks.js';
import { nextScheduledCheck } from './next-scheduled-check.js';

/**
 * POST /api/toggle-automation: switches the scheduled checks on or off. Switching on needs an
 * active subscription; the next check is scheduled afresh from now, without catching up.
 */
export async function toggleAutomation(
  services: NotificationServices,
  tenantId: string,
  actorUserId: string,
  enabled: boolean,
): Promise<ToggleAutomationResponse> {
  const { db } = services;
  const configuration = await findConfiguration(db, tenantId);
  if (!configuration) throw badRequest(automationMessages.configurationRequired);
  const now = services.clock();
  if (enabled) await requireActiveSubscription(db, tenantId, now);
  if (configuration.automationEnabled !== enabled) {
    const actorName = await actorNameOf(db, actorUserId);
    await db.transaction(async (tx) => {
      await tx
        .update(configurations)
        .set({ automationEnabled: enabled, updatedAt: now, updatedByUserId: actorUserId })
        .where(eq(configurations.tenantId, tenantId));
      await resetSchedule(tx, tenantId);
      await recordAudit(tx, tenantId, {
        category: 'automation',
        status: 'success',
        message: `Automation ${enabled ? 'enabled' : 'disabled'} by ${actorName}`,
        actorUserId,
        details: { automationEnabled: enabled },
        createdAt: now,
      });
    });
  }
  const nextCheck = enabled ? await nextScheduledCheck(db, tenantId, { ...configuration, automationEnabled: true }, now) : null;
  return { message: automationMessages.updated, automationEnabled: enabled, nextCheck: nextCheck?.toISOString() ?? null };
}
