import { describe, expect, it } from 'vitest';
import { formatCents, paypalFeeCents, toCents } from './money.js';

describe('money', () => {
  it('converts decimal strings to cents and back', () => {
    expect(toCents('35.00')).toBe(3500);
    expect(toCents('35')).toBe(3500);
    expect(toCents('0.5')).toBe(50);
    expect(toCents('365.07')).toBe(36507);
    expect(formatCents(3500)).toBe('35.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-171)).toBe('-1.71');
  });

  it('charges 3.49 % + 0.49 per payment, rounded to the cent', () => {
    expect(paypalFeeCents(3500)).toBe(171);
    expect(paypalFeeCents(36500)).toBe(1323);
  });
});
