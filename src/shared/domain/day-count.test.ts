import { expect, it } from 'vitest';
import { formatDayCount } from './day-count.js';

it('is singular only for exactly one day', () => {
  expect(formatDayCount(1)).toBe('1 day');
  expect(formatDayCount(0)).toBe('0 days');
  expect(formatDayCount(2)).toBe('2 days');
  expect(formatDayCount(365)).toBe('365 days');
});
