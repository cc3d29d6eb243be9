import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.js';

const { builtins } = pg.types;
// Dates and instants come as PostgreSQL writes them, as drizzle has them come: the caller parses the
// ones it uses the way drizzle would (an instant with `new Date`, a date stays its text).
const AS_WRITTEN = new Set<number>([builtins.DATE, builtins.TIMESTAMP, builtins.TIMESTAMPTZ, builtins.INTERVAL]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (AS_WRITTEN.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)),
} as pg.CustomTypesConfig;

/**
 * A statement built with drizzle's query builder (placeholders for what changes), prepared by
 * `name`, whose rows come as arrays of the selected columns in the order selected. For the one
 * route that reads many columns of many rows on every request: drizzle's own mapping (a check of
 * each field's kind for each value) cost a sixth of that route's CPU (docs/architecture.md §API
 * performance).
 */
export function preparedArrayRows(
  db: Database,
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
): (values: Record<string, unknown>) => Promise<unknown[][]> {
  const { sql: text, params } = query.toSQL();
  return async (values) => (await db.$client.query({ name, text, values: fillPlaceholders(params, values), rowMode: 'array', types })).rows;
}
