import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedSortedList } from './bounded-sorted-list.js';

describe('BoundedSortedList', () => {
  it('keeps exactly the smallest `limit` items in order, like sorting everything and cutting', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: 1, max: 20 }), (values, limit) => {
        const list = new BoundedSortedList<number>(limit, (a, b) => a - b);
        for (const value of values) list.add(value);
        expect(list.toArray()).toEqual([...values].sort((a, b) => a - b).slice(0, limit));
      }),
    );
  });

  it('keeps arrival order among equal items', () => {
    const list = new BoundedSortedList<{ key: number; name: string }>(3, (a, b) => a.key - b.key);
    for (const [key, name] of [
      [1, 'a'],
      [0, 'b'],
      [1, 'c'],
      [1, 'd'],
    ] as const)
      list.add({ key, name });
    expect(list.toArray().map((item) => item.name)).toEqual(['b', 'a', 'c']);
  });
});
