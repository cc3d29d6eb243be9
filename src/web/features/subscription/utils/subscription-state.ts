import { subscriptionStatusResponse, type SubscriptionStatusResponse } from '../../../../shared/api/billing';
import type { AuthUser } from '../../../../shared/api/auth';
import {
  accountSubscriptionDateLabel,
  CANCEL_SCHEDULED_DATE_LABEL,
  normalizeSubscriptionStatus,
  subscriptionDateLabel,
} from '../../../../shared/domain/subscription-status';
import { formatDateUs } from '../../../../shared/domain/us-format';

/** The status fields of a larger answer (verification, or a change with its toast message). */
export function toSubscriptionStatus(response: SubscriptionStatusResponse): SubscriptionStatusResponse {
  return subscriptionStatusResponse.parse(response);
}

/** Whether the subscription stops at the end of the paid period (cancelled, or set to cancel). */
function isEnding(state: SubscriptionStatusResponse): boolean {
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
 * The date under the status heading: a trial shows when it ends, an active subscription set to
 * cancel when its access ends ('Renews on' would mislead), a cancelled one when access ended (only
 * once that date has passed: a subscription cancelled outright at PayPal lost access at once, so a
 * future date would promise access it does not give), anything else the end of the current
 * period. Null when there is no date to show.
 */
export function subscriptionDateLine(state: SubscriptionStatusResponse, page: 'subscription' | 'account', now: Date): SubscriptionDateLine | null {
  const status = normalizeSubscriptionStatus(state.status);
  if (status === 'canceled') {
    const ended = accessEndDate(state);
    return ended && Date.parse(ended) <= now.getTime() ? { label: subscriptionDateLabel(status), date: formatDateUs(ended) } : null;
  }
  if (isEnding(state)) {
    const ends = accessEndDate(state);
    return ends ? { label: CANCEL_SCHEDULED_DATE_LABEL, date: formatDateUs(ends) } : null;
  }
  const date = status === 'trialing' ? (state.trialEnd ?? state.currentPeriodEnd) : state.currentPeriodEnd;
  if (!date) return null;
  const label = page === 'account' ? accountSubscriptionDateLabel(status) : subscriptionDateLabel(status);
  return { label, date: formatDateUs(date) };
}

/** What PayPal's page is prefilled with: the user's address and full name, when known. */
export function buyerDetails(user: Pick<AuthUser, 'email' | 'firstName' | 'lastName'>): { userEmail: string | null; userName: string | null } {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return { userEmail: user.email || null, userName: name || null };
}
