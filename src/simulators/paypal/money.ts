/** Amounts are handled in integer cents; the simulator supports two-decimal currencies only. */
export const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

export function toCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** PayPal's standard US commercial rate: 3.49 % + 0.49 per transaction. */
export function paypalFeeCents(grossCents: number): number {
  return Math.round((grossCents * 349) / 10_000) + 49;
}
