import type { PlanId } from '../../shared/domain/plans.js';

/**
 * The end of the period a payment made at `start` pays for: one month or one year later, on the
 * same day of the month, clamped to the month's last day (paid on 31 January -> 28/29 February),
 * as PayPal bills.
 */
export function periodEndAfter(start: Date, plan: PlanId): Date {
  const months = plan === 'monthly' ? 1 : 12;
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}
