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

  it('writes large numbers the en-US way', () => {
    expect(pageRangeText(1, 25, 4068)).toBe('Showing 1–25 of 4,068');
    expect(pageRangeText(163, 25, 4068)).toBe('Showing 4,051–4,068 of 4,068');
  });

  it('says when the list is empty', () => {
    expect(pageRangeText(1, 25, 0)).toBe('No entries');
  });
});
