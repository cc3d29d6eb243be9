import { z } from 'zod';

/** PayPal's list parameters: page_size 1-20 (default 10), page from 1, total_required. */
export const pageQuerySchema = z.object({
  page_size: z.coerce.number().int().min(1).max(20).default(10),
  page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  total_required: z.enum(['true', 'false']).default('false'),
});

export function paginate<T>(items: readonly T[], query: z.output<typeof pageQuerySchema>) {
  const start = (query.page - 1) * query.page_size;
  const totals = query.total_required === 'true' ? { total_items: items.length, total_pages: Math.ceil(items.length / query.page_size) } : {};
  return { items: items.slice(start, start + query.page_size), totals, hasNext: start + query.page_size < items.length };
}
