// "Expiring soon", one definition for the stat card, the users table's filter and the check's
// message (docs/product.md §Screens and routes, Stat cards): the password's expiry day lies from today through the
// last day today's check reminds for, that is the reminder policy's first reminder (or the
// reminder window) ahead of the last day the check covers (under `weekdays`, Friday's covers the
// weekend). Those are the users a reminder can still reach; later expiries are not "soon" yet.
import { addDays, type LocalDate } from './local-date.js';
import { reminderLeadDays, type ReminderRule } from './reminder-thresholds.js';
import { reminderDaysCovered } from './reminder-window.js';

/** The name, the same on the stat card (title case), the users table's filter and the check's message. */
export const EXPIRING_SOON_LABEL = 'Expiring soon';

/** The last expiry day a check on `rule.today` reminds for: the end of "expiring soon". */
export function expiringSoonUntil(rule: ReminderRule): LocalDate {
  const covered = reminderDaysCovered(rule.today, rule.weekendProcessing);
  return addDays(covered.at(-1) ?? rule.today, reminderLeadDays(rule));
}

/** Whether a password expiring on `expiryDate` is expiring soon on `rule.today`. */
export function isExpiringSoon(expiryDate: LocalDate, rule: ReminderRule): boolean {
  return expiryDate >= rule.today && expiryDate <= expiringSoonUntil(rule);
}
