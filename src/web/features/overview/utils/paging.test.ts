import { describe, expect, it } from 'vitest';
import { pageCount, pageRangeText } from './paging';

describe('pageCount', () => {
  it.each([
    [0, 25, 1],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [73, 25, 3],
  ])('%i entries in pages of %i fill %i page(s)', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});

describe('pageRangeText', () => {
  it('names the entries on the page and the total', () => {
    expect(pageRangeText(1, 25, 73)).toBe('Showing 1–25 of 73');
    expect(pageRangeText(3, 25, 73)).toBe('Showing 51–73 of 73');
  });

  it('says when the log is empty', () => {
    expect(pageRangeText(1, 25, 0)).toBe('No entries');
  });
});
