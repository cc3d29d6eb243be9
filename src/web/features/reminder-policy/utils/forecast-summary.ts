import type { Forecast } from '../../../../shared/api/reminder-policy';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { type Language, languageName } from '../../../../shared/domain/languages';

/** ' By language: English 2, German 2, Japanese 1.' (most first, then by name); empty when nothing is planned. */
function languageSummary(days: Forecast['days']): string {
  const totals = new Map<Language, number>();
  for (const day of days) for (const { language, reminders } of day.byLanguage) totals.set(language, (totals.get(language) ?? 0) + reminders);
  const parts = [...totals]
    .map(([language, reminders]) => ({ name: languageName(language), reminders }))
    .sort((a, b) => b.reminders - a.reminders || a.name.localeCompare(b.name))
    .map(({ name, reminders }) => `${name} ${reminders.toLocaleString('en-US')}`);
  return parts.length > 0 ? ` By language: ${parts.join(', ')}.` : '';
}

/** The chart in one sentence, for screen readers and anyone skimming: the totals and the busiest day. */
export function forecastSummary(days: Forecast['days']): string {
  const expiries = days.reduce((sum, day) => sum + day.expiries, 0);
  const reminders = days.reduce((sum, day) => sum + day.reminders, 0);
  const busiest = days.reduce<Forecast['days'][number] | null>((best, day) => (day.reminders > (best?.reminders ?? 0) ? day : best), null);
  const busiestText = busiest ? `; the most on ${formatDateUs(busiest.date)} (${busiest.reminders.toLocaleString('en-US')})` : '';
  const expire = expiries === 1 ? 'password expires' : 'passwords expire';
  const planned = reminders === 1 ? 'reminder is planned' : 'reminders are planned';
  return `In the next ${days.length} days, ${expiries.toLocaleString('en-US')} ${expire} and ${reminders.toLocaleString('en-US')} ${planned}${busiestText}.${languageSummary(days)}`;
}
