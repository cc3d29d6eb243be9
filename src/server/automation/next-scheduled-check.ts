import { eq } from 'drizzle-orm';
import type { LocalDate } from '../../shared/domain/local-date.js';
import type { ConfigurationRow } from '../configuration/index.js';
import type { Database } from '../db/client.js';
import { automationSchedules } from '../db/schema/index.js';
import { nextRunAfter } from './schedule-decision.js';

type ScheduleConfiguration = Pick<ConfigurationRow, 'automationEnabled' | 'checkTime' | 'timeZone' | 'weekendProcessing'>;

/**
 * When the scheduler will next check the organization (what the dashboard shows), or null when
 * automation is off. Computed as the tick computes it: after today's check, tomorrow's.
 */
export async function nextScheduledCheck(db: Database, tenantId: string, configuration: ScheduleConfiguration, now: Date): Promise<Date | null> {
  if (!configuration.automationEnabled) return null;
  const [schedule] = await db
    .select({ lastRunDay: automationSchedules.lastRunDay })
    .from(automationSchedules)
    .where(eq(automationSchedules.tenantId, tenantId));
  return nextCheckAfter(configuration, now, schedule?.lastRunDay ?? null);
}

/** nextScheduledCheck for a caller that read the day of the latest scheduled run itself. */
export function nextCheckAfter(configuration: ScheduleConfiguration, now: Date, lastRunDay: LocalDate | null): Date | null {
  return configuration.automationEnabled ? nextRunAfter(configuration, now, lastRunDay) : null;
}
