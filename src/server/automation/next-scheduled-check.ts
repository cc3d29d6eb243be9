import { eq } from 'drizzle-orm';
import type { ConfigurationRow } from '../configuration/configuration-store.js';
import type { Database } from '../db/client.js';
import { automationSchedules } from '../db/schema/index.js';
import { nextRunAfter } from './schedule-decision.js';

/**
 * When the scheduler will next check the organization (what the dashboard shows), or null when
 * automation is off. Computed as the tick computes it: after today's check, tomorrow's.
 */
export async function nextScheduledCheck(
  db: Database,
  tenantId: string,
  configuration: Pick<ConfigurationRow, 'automationEnabled' | 'checkTime' | 'timeZone' | 'weekendProcessing'>,
  now: Date,
): Promise<Date | null> {
  if (!configuration.automationEnabled) return null;
  const [schedule] = await db.select({ lastRunDay: automationSchedules.lastRunDay }).from(automationSchedules).where(eq(automationSchedules.tenantId, tenantId));
  return nextRunAfter(configuration, now, schedule?.lastRunDay ?? null);
}
