// Money and dates as the app shows them: en-US dates, USD amounts (docs/product.md §Constants).
import { toDate, type Instant } from './instant.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.50' */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/**
 * '3/15/2025'. Shown in `timeZone` (UTC by default, so a date-only value such as '2025-03-15'
 * stays on its own day).
 */
export function formatDateUs(instant: Instant, timeZone = 'UTC'): string {
  return toDate(instant).toLocaleDateString('en-US', { timeZone });
}
