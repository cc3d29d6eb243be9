import { describe, expect, it } from 'vitest';
import { formatCount, peakRssMb } from './figures.js';

describe('bench figures', () => {
  it('rounds counts and separates thousands', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(12)).toBe('12');
  });

  it('reports the peak RSS in MB, never below the current RSS', () => {
    expect(peakRssMb()).toBeGreaterThanOrEqual(process.memoryUsage().rss / 1024 / 1024 - 1);
  });
});
