/** How many pages `total` entries fill; an empty list still shows one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const count = (n: number) => n.toLocaleString('en-US');

/** 'Showing 26–50 of 4,068', or 'No entries' for an empty list. */
export function pageRangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No entries';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Showing ${count(first)}–${count(last)} of ${count(total)}`;
}
