// What the scheduler's tick decides for one organization: whether its check is due now and when
// the next one is. Pure, so it can be run minute by minute across DST changes in tests.
import { localDateOf } from '../../shared/domain/days-until.js';
import { daysBetween, type LocalDate } from '../../shared/domain/local-date.js';
import { isRunDay, nextCheckTime, type WeekendProcessing } from '../../shared/domain/schedule.js';

export interface ScheduleSettings {
  checkTime: string;
  timeZone: string;
  weekendProcessing: WeekendProcessing;
}

export interface ScheduleState {
  nextRunAt: Date | null;
  /** The settings `nextRunAt` was computed from. */
  basis: string | null;
  /** The organization's day of the latest scheduled check. */
  lastRunDay: LocalDate | null;
}

export interface TickDecision {
  /** Run the check for this organization's day now; null: nothing to run. */
  runDay: LocalDate | null;
  state: ScheduleState;
}

export function scheduleBasis(settings: ScheduleSettings): string {
  return `${settings.checkTime}|${settings.timeZone}|${settings.weekendProcessing}`;
}

/** The next check time after `now` that falls on a later day than `lastRunDay` (never two checks a day). */
export function nextRunAfter(settings: ScheduleSettings, now: Date, lastRunDay: LocalDate | null): Date {
  let next = nextCheckTime({ ...settings, now });
  while (lastRunDay !== null && daysBetween(lastRunDay, localDateOf(next, settings.timeZone)) <= 0) {
    next = nextCheckTime({ ...settings, now: next });
  }
  return next;
}

/**
 * New or changed settings: the next run is computed from now, nothing runs. A run time that has
 * come: the check runs for today, if today is a run day and has not had its check (a run missed
 * while no instance was up is caught up the same day, not on a day the setting excludes).
 */
export function decideTick(state: ScheduleState, settings: ScheduleSettings, now: Date): TickDecision {
  const basis = scheduleBasis(settings);
  if (state.nextRunAt === null || state.basis !== basis) {
    return { runDay: null, state: { nextRunAt: nextRunAfter(settings, now, state.lastRunDay), basis, lastRunDay: state.lastRunDay } };
  }
  if (state.nextRunAt.getTime() > now.getTime()) return { runDay: null, state };
  const today = localDateOf(now, settings.timeZone);
  const ranToday = state.lastRunDay !== null && daysBetween(state.lastRunDay, today) <= 0;
  const runDay = isRunDay(today, settings.weekendProcessing) && !ranToday ? today : null;
  const lastRunDay = runDay ?? state.lastRunDay;
  return { runDay, state: { nextRunAt: nextRunAfter(settings, now, lastRunDay), basis, lastRunDay } };
}
