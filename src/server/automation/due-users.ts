// Who a check lists and who it reminds, per scanned user (the scan has already applied the group
// filters and computed the expiry with the expiry engine).
import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays, daysBetween, type LocalDate } from '../../shared/domain/local-date.js';
import { expiringSoonUntil } from '../../shared/domain/expiring-soon.js';
import { reminderOnRun, type ReminderRule, type ThresholdReminder } from '../../shared/domain/reminder-thresholds.js';
import type { DatedExpiryReason, UndatedExpiryReason } from '../../shared/domain/password-expiry.js';
import type { ScannedUser } from '../directory/index.js';

/** Expired passwords stay in the users table this long: the users who missed their reminders. */
export const RECENTLY_EXPIRED_DAYS = 30;

export interface CheckPolicy extends ReminderRule {
  timeZone: string;
  /**
   * How many days past the last reminded expiry day the check still lists users, so the dry run
   * and the forecast can project the coming days from the users table; 0 when absent.
   */
  listAheadDays?: number;
}

export type UserAssessment =
  | { listed: false }
  | {
      listed: true;
      dated: true;
      reason: DatedExpiryReason;
      validityDays: number;
      /** What the reason refers to (an on-premises PSO or domain); null: nothing more. */
      source: string | null;
      expiresAt: string;
      /** The expiry day on the organization's calendar. */
      expiryDate: LocalDate;
      daysUntilExpiry: number;
      /** Reminded by this check. */
      due: boolean;
      /** What this check sends (null when not due): the ledger's threshold and which wording. */
      reminder: ThresholdReminder | null;
      /** Listed for the projections only (listAheadDays): past the last day this check reminds for, so not expiring soon. */
      lookAhead: boolean;
      /** The directory's mailbox address; null: the user cannot be mailed. */
      mailAddress: string | null;
    }
  | {
      /** Listed under "no date", never reminded. */
      listed: true;
      dated: false;
      reason: UndatedExpiryReason;
      source: string | null;
      due: false;
      mailAddress: string | null;
    };

/** Why a password has no date, for the users the table lists anyway: they have a password the directory governs elsewhere or never expires. */
const LISTED_WITHOUT_DATE: ReadonlySet<UndatedExpiryReason> = new Set([
  'never_expires_user_policy',
  'never_expires_domain_policy',
  'federated',
  'managed_on_premises',
  'not_applicable',
  'on_premises_never_expires',
  'on_premises_must_change',
  'on_premises_changed',
]);

/**
 * Enabled users with a date from the expiry engine are listed while their expiry lies between
 * RECENTLY_EXPIRED_DAYS ago and the last day the check reminds for (plus listAheadDays); they are
 * due when the check reminds them (reminderOnRun: the window or the policy's thresholds, plus the
 * weekday look-ahead). Enabled
 * members whose password never expires, is managed by federation or on-premises, or has no change
 * date are listed without a date (the table's "No date") and never reminded; guests and disabled
 * accounts are not listed.
 */
export function userAssessor(policy: CheckPolicy): (user: ScannedUser) => UserAssessment {
  const remindedUntil = expiringSoonUntil(policy);
  const listedUntil = addDays(remindedUntil, policy.listAheadDays ?? 0);
  return (user) => {
    if (!user.accountEnabled) return { listed: false };
    if (!user.expiry.expires) {
      return LISTED_WITHOUT_DATE.has(user.expiry.reason)
        ? { listed: true, dated: false, reason: user.expiry.reason, source: user.expiry.source ?? null, due: false, mailAddress: user.mail }
        : { listed: false };
    }
    const expiryDate = localDateOf(user.expiry.expiresAt, policy.timeZone);
    const daysUntilExpiry = daysBetween(policy.today, expiryDate);
    if (daysUntilExpiry < -RECENTLY_EXPIRED_DAYS || expiryDate > listedUntil) return { listed: false };
    const reminder = reminderOnRun(policy, expiryDate);
    return {
      listed: true,
      dated: true,
      reason: user.expiry.reason,
      validityDays: user.expiry.validityDays,
      source: user.expiry.source ?? null,
      expiresAt: user.expiry.expiresAt,
      expiryDate,
      daysUntilExpiry,
      due: reminder !== null,
      reminder,
      lookAhead: expiryDate > remindedUntil,
      mailAddress: user.mail,
    };
  };
}
