import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (src/server/http/rate-limits.ts), shared by every instance:
 * one row per limit and user (or client address), counting requests in a fixed window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  // The purge job deletes counters whose window is over.
  (table) => [index('rate_limit_counters_window_ends_at_idx').on(table.windowEndsAt)],
);
