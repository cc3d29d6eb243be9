import { describe, expect, it } from 'vitest';
import { periodEndAfter } from './billing-period.js';

describe('periodEndAfter', () => {
  it.each([
    ['2025-03-15T10:20:30.000Z', 'monthly', '2025-04-15T10:20:30.000Z'],
    ['2025-12-15T00:00:00.000Z', 'monthly', '2026-01-15T00:00:00.000Z'],
    ['2025-01-31T08:00:00.000Z', 'monthly', '2025-02-28T08:00:00.000Z'],
    ['2024-01-31T08:00:00.000Z', 'monthly', '2024-02-29T08:00:00.000Z'],
    ['2025-03-15T10:20:30.000Z', 'yearly', '2026-03-15T10:20:30.000Z'],
    ['2024-02-29T12:00:00.000Z', 'yearly', '2025-02-28T12:00:00.000Z'],
  ] as const)('%s + one %s period = %s', (start, plan, end) => {
    expect(periodEndAfter(new Date(start), plan).toISOString()).toBe(end);
  });
});
