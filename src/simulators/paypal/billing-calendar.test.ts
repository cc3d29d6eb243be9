import { describe, expect, it } from 'vitest';
import { addBillingIntervals } from './billing-calendar.js';

const monthly = { interval_unit: 'MONTH', interval_count: 1 } as const;

describe('addBillingIntervals', () => {
  it('adds calendar months keeping the time of day', () => {
    expect(addBillingIntervals(new Date('2025-03-15T10:20:30Z'), monthly, 1).toISOString()).toBe('2025-04-15T10:20:30.000Z');
    expect(addBillingIntervals(new Date('2025-11-15T10:00:00Z'), monthly, 2).toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });

  it('clamps to the end of short months without drifting later', () => {
    const anchor = new Date('2025-01-31T09:00:00Z');
    expect(addBillingIntervals(anchor, monthly, 1).toISOString()).toBe('2025-02-28T09:00:00.000Z');
    expect(addBillingIntervals(anchor, monthly, 2).toISOString()).toBe('2025-03-31T09:00:00.000Z');
    expect(addBillingIntervals(new Date('2024-01-31T09:00:00Z'), monthly, 1).toISOString()).toBe('2024-02-29T09:00:00.000Z');
  });

  it('handles years (including 29 February), weeks, days and interval counts', () => {
    const yearly = { interval_unit: 'YEAR', interval_count: 1 } as const;
    expect(addBillingIntervals(new Date('2024-02-29T00:00:00Z'), yearly, 1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addBillingIntervals(new Date('2024-02-29T00:00:00Z'), yearly, 4).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addBillingIntervals(new Date('2025-01-01T00:00:00Z'), { interval_unit: 'WEEK', interval_count: 2 }, 1).toISOString()).toBe(
      '2025-01-15T00:00:00.000Z',
    );
    expect(addBillingIntervals(new Date('2025-01-01T00:00:00Z'), { interval_unit: 'DAY', interval_count: 3 }, 2).toISOString()).toBe(
      '2025-01-07T00:00:00.000Z',
    );
    expect(addBillingIntervals(new Date('2025-01-31T00:00:00Z'), { interval_unit: 'MONTH', interval_count: 3 }, 1).toISOString()).toBe(
      '2025-04-30T00:00:00.000Z',
    );
  });
});
