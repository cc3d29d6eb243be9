import type { Forecast } from '../../../../shared/api/reminder-policy';
import { formatDateUs } from '../../../../shared/domain/us-format';

/** The chart in one sentence, for screen readers and anyone skimming: the totals and the busiest day. */
export function forecastSummary(days: Forecast['days']): string {
  const expiries = days.reduce((sum, day) => sum + day.expiries, 0);
  const reminders = days.reduce((sum, day) => sum + day.reminders, 0);
  const busiest = days.reduce<Forecast['days'][number] | null>((best, day) => (day.reminders > (best?.reminders ?? 0) ? day : best), null);
  const busiestText = busiest ? `; the most on ${formatDateUs(busiest.date)} (${busiest.reminders.toLocaleString('en-US')})` : '';
  const expire = expiries === 1 ? 'password expires' : 'passwords expire';
  const planned = reminders === 1 ? 'reminder is planned' : 'reminders are planned';
  return `In the next ${days.length} days, ${expiries.toLocaleString('en-US')} ${expire} and ${reminders.toLocaleString('en-US')} ${planned}${busiestText}.`;
}
