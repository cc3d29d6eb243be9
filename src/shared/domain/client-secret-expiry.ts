// An Entra client secret stops working on its expiry date; from then on every call to Graph is
// refused and no reminder goes out. The admin records the date Entra shows (Certificates &
// secrets > Expires) so the dashboard, and the security alert mail, can warn in time. Days are
// counted on the organization's calendar ('YYYY-MM-DD' in its time zone).
import { formatDayCount } from './day-count.js';
import { daysBetween, formatLocalDate, isLocalDate, type LocalDate } from './local-date.js';

/** Entra's longest recommended lifetime for a client secret, and what the Setup Guide suggests. */
export const SUGGESTED_SECRET_LIFETIME_MONTHS = 24;

/** Days before the expiry date at which the warning steps up (and the security alert is mailed). */
export const CLIENT_SECRET_WARNING_DAYS = [30, 14, 7, 1] as const;
export type ClientSecretWarningThreshold = (typeof CLIENT_SECRET_WARNING_DAYS)[number];

export const clientSecretExpiryMessages = {
  invalid: 'Client secret expiry must be a date (YYYY-MM-DD)',
  requiredWithNewSecret: "Enter the new client secret's expiry date (Expires in Certificates & secrets)",
  inThePast: "Client secret expiry is in the past: enter the new secret's Expires date",
  tooLate: `Client secret expiry must be within ${SUGGESTED_SECRET_LIFETIME_MONTHS} months from today: Entra gives a client secret at most that long`,
} as const;

/** The same day `months` later; a day the month lacks falls back to its last day (Feb 29 -> Feb 28). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const [targetYear, targetMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const daysInMonth = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return formatLocalDate(targetYear, targetMonth, Math.min(day, daysInMonth));
}

/** The expiry the wizard and the form suggest for a secret created today. */
export function suggestedClientSecretExpiry(today: LocalDate): LocalDate {
  return addMonths(today, SUGGESTED_SECRET_LIFETIME_MONTHS);
}

/**
 * Why a recorded expiry date cannot be saved, or null. A new secret needs a date, and one not in
 * the past (today itself is allowed: Entra may show today for a secret that still works until its
 * hour). A changed date may be at most 24 months ahead plus one day, the slack for Entra showing
 * the date in the admin's browser zone rather than the organization's.
 */
export function clientSecretExpiryProblem(input: { expiresAt: LocalDate | null; today: LocalDate; newSecret: boolean; changed: boolean }): string | null {
  const { expiresAt, today } = input;
  if (expiresAt === null) return input.newSecret ? clientSecretExpiryMessages.requiredWithNewSecret : null;
  if (!isLocalDate(expiresAt)) return clientSecretExpiryMessages.invalid;
  if (input.newSecret && expiresAt < today) return clientSecretExpiryMessages.inThePast;
  if (input.changed && daysBetween(suggestedClientSecretExpiry(today), expiresAt) > 1) return clientSecretExpiryMessages.tooLate;
  return null;
}

/** What the dashboard says about the secret's expiry; null when there is nothing to say. */
export type ClientSecretExpiryNotice =
  | { kind: 'date-missing' }
  | { kind: 'expiring'; threshold: ClientSecretWarningThreshold; daysLeft: number; expiresAt: LocalDate }
  | { kind: 'expired'; expiresAt: LocalDate };

/**
 * The warning for today. Nothing without a stored secret (a connection made without one has no
 * expiry) or more than 30 days ahead; a warning that steps up at 30, 14, 7 and 1 days before;
 * expired from the date itself on, since Entra ends the secret at some hour of that day.
 */
export function clientSecretExpiryNotice(input: { hasClientSecret: boolean; expiresAt: LocalDate | null; today: LocalDate }): ClientSecretExpiryNotice | null {
  if (!input.hasClientSecret) return null;
  if (input.expiresAt === null) return { kind: 'date-missing' };
  const daysLeft = daysBetween(input.today, input.expiresAt);
  if (daysLeft <= 0) return { kind: 'expired', expiresAt: input.expiresAt };
  const threshold = warningThresholdFor(daysLeft);
  return threshold === null ? null : { kind: 'expiring', threshold, daysLeft, expiresAt: input.expiresAt };
}

/** The threshold a day count has reached: 30 for 30..15 days left, 14 for 14..8, 7 for 7..2, 1 for 1; null beyond 30. */
export function warningThresholdFor(daysLeft: number): ClientSecretWarningThreshold | null {
  const reached = CLIENT_SECRET_WARNING_DAYS.filter((threshold) => daysLeft <= threshold);
  return reached.at(-1) ?? null;
}

/** 'The client secret expires in 14 days' / 'expires tomorrow'. */
export function describeDaysLeft(daysLeft: number): string {
  return daysLeft === 1 ? 'expires tomorrow' : `expires in ${formatDayCount(daysLeft)}`;
}
