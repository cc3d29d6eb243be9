import { DAY_MS } from '../shared/formats.js';

type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface BillingFrequency {
  interval_unit: IntervalUnit;
  interval_count: number;
}

/**
 * The instant `cycles` billing intervals after `anchor`. Months are counted from the anchor, not
 * chained, and clamp to the month's last day, so a subscription started on 31 January bills on
 * 28/29 February and again on 31 March instead of drifting to the 28th.
 */
export function addBillingIntervals(anchor: Date, frequency: BillingFrequency, cycles: number): Date {
  const steps = frequency.interval_count * cycles;
  switch (frequency.interval_unit) {
    case 'DAY':
      return new Date(anchor.getTime() + steps * DAY_MS);
    case 'WEEK':
      return new Date(anchor.getTime() + steps * 7 * DAY_MS);
    case 'MONTH':
      return addMonthsClamped(anchor, steps);
    case 'YEAR':
      return addMonthsClamped(anchor, steps * 12);
  }
}

function addMonthsClamped(anchor: Date, months: number): Date {
  const monthIndex = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(anchor.getTime());
  result.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return result;
}
