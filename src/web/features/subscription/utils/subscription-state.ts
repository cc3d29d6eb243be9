import { subscriptionStatusResponse, type SubscriptionStatusResponse } from '../../../../shared/api/billing';
import type { AuthUser } from '../../../../shared/api/auth';
import {
  accountSubscriptionDateLabel,
  normalizeSubscriptionStatus,
  subscriptionDateLabel,
} from '../../../../shared/domain/subscription-status';
import { formatDateUs } from '../../../../shared/domain/us-format';

/** The status fields of a larger answer (verification, or a change with its toast message). */
export function toSubscriptionStatus(response: SubscriptionStatusResponse): SubscriptionStatusResponse {
  return subscriptionStatusResponse.parse(response);
}

/** Whether the subscription stops at the end of the paid period (cancelled, or set to cancel). */
export function isEnding(state: SubscriptionStatusResponse): boolean {
  const status = normalizeSubscriptionStatus(state.status);
  return status === 'canceled' || (status === 'active' && state.cancelAtPeriodEnd);
}

/** When access ends for an ending subscription: the stored end, else the end of the paid period. */
export function accessEndDate(state: SubscriptionStatusResponse): string | null {
  return state.subscriptionEndsAt ?? state.currentPeriodEnd;
}

export interface SubscriptionDateLine {
  label: string;
  /** en-US, e.g. '4/1/2025' */
  date: string;
}

/**
 * The date under the status heading (spec section 4): a trial shows when it ends, an ending
 * subscription when access ends, anything else the end of the current period. An active
 * subscription set to cancel is labelled like a cancelled one: saying 'Renews on' for a
 * subscription that will not renew would mislead. Null when there is no date to show.
 */
export function subscriptionDateLine(state: SubscriptionStatusResponse, page: 'subscription' | 'account'): SubscriptionDateLine | null {
  const status = normalizeSubscriptionStatus(state.status);
  const ending = isEnding(state);
  const date = status === 'trialing' ? (state.trialEnd ?? state.currentPeriodEnd) : ending ? accessEndDate(state) : state.currentPeriodEnd;
  if (!date) return null;
  const labelledAs = ending ? 'canceled' : status;
  const label = page === 'account' ? accountSubscriptionDateLabel(labelledAs) : subscriptionDateLabel(labelledAs);
  return { label, date: formatDateUs(date) };
}

/** What PayPal's page is prefilled with: the user's address and full name, when known. */
export function buyerDetails(user: Pick<AuthUser, 'email' | 'firstName' | 'lastName'>): { userEmail: string | null; userName: string | null } {
  const name = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return { userEmail: user.email || null, userName: name || null };
}
