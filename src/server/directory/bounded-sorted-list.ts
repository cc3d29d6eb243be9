/**
 * The `limit` smallest items seen, in order, without keeping the rest: a preview of 100,000 users
 * holds at most `limit` of them.
 */
export class BoundedSortedList<T> {
  private readonly items: T[] = [];

  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  add(item: T): void {
    const last = this.items[this.items.length - 1];
    if (this.items.length >= this.limit && (last === undefined || this.compare(item, last) >= 0)) return;
    // Binary search for the first item greater than `item`: equal items keep arrival order.
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.items[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    this.items.splice(low, 0, item);
    if (this.items.length > this.limit) this.items.pop();
  }

  toArray(): T[] {
    return [...this.items];
  }
}
