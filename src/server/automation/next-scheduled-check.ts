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

// The next run each schedule (zone, time, weekends, day of the latest run) has, from the instant it
// was worked out: the next check strictly after `now` is the same for every `now` from then until
// that check (no check lies between), so the dashboard, which asks on every request, works it out
// once per schedule and check rather than asking the time zone database each time
// (docs/architecture.md §API performance). The map starts over past its bound.
const nextRuns = new Map<string, { fromMs: number; next: Date }>();
const MAX_SCHEDULES = 10_000;

/** nextScheduledCheck for a caller that read the day of the latest scheduled run itself. */
export function nextCheckAfter(configuration: ScheduleConfiguration, now: Date, lastRunDay: LocalDate | null): Date | null {
  if (!configuration.automationEnabled) return null;
  const key = `${configuration.timeZone} ${configuration.checkTime} ${configuration.weekendProcessing} ${lastRunDay}`;
  const nowMs = now.getTime();
  const known = nextRuns.get(key);
  if (known && nowMs >= known.fromMs && nowMs < known.next.getTime()) return new Date(known.next.getTime());
  const next = nextRunAfter(configuration, now, lastRunDay);
  if (nextRuns.size >= MAX_SCHEDULES) nextRuns.clear();
  nextRuns.set(key, { fromMs: nowMs, next });
  return new Date(next.getTime());
}
