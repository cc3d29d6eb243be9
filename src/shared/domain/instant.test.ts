import { describe, expect, it } from 'vitest';
import { parseInstantMs, toDate } from './instant.js';

describe('instants', () => {
  it('reads ISO 8601 with Z or an offset', () => {
    expect(parseInstantMs('2024-05-01T09:30:00Z')).toBe(Date.UTC(2024, 4, 1, 9, 30));
    expect(parseInstantMs('2024-05-01T09:30:00.250z')).toBe(Date.UTC(2024, 4, 1, 9, 30, 0, 250));
    expect(parseInstantMs('2024-05-01T09:30:00+02:00')).toBe(Date.UTC(2024, 4, 1, 7, 30));
  });

  it('reads a date-time without offset, and a bare date, as UTC whatever the machine zone', () => {
    expect(parseInstantMs('2024-05-01T09:30')).toBe(Date.UTC(2024, 4, 1, 9, 30));
    expect(parseInstantMs('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
  });

  it('passes Date objects through', () => {
    expect(parseInstantMs(new Date(42))).toBe(42);
  });

  it('rejects anything that is not ISO 8601', () => {
    for (const bad of ['', 'May 1, 2024', '2024-13-01T00:00:00Z', '1714555800000', 'now']) {
      expect(parseInstantMs(bad)).toBeNaN();
    }
    expect(() => toDate('May 1, 2024')).toThrow(RangeError);
    expect(() => toDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('toDate returns the same instant', () => {
    expect(toDate('2024-05-01T09:30:00Z').toISOString()).toBe('2024-05-01T09:30:00.000Z');
  });
});
