import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.js';

const { builtins } = pg.types;
// Dates and instants come as PostgreSQL writes them, as drizzle has them come: the caller parses the
// ones it uses the way drizzle would (an instant with `new Date`, a date stays its text).
const AS_WRITTEN = new Set<number>([builtins.DATE, builtins.TIMESTAMP, builtins.TIMESTAMPTZ, builtins.INTERVAL]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (AS_WRITTEN.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)),
} as pg.CustomTypesConfig;

const dialect = new PgDialect();

/**
 * A statement built with drizzle (placeholders for what changes), prepared by `name`, whose rows
 * come as arrays of the selected columns in the order selected: drizzle's own mapping (a check of
 * each field's kind for each value) is left out for the routes called on every request
 * (docs/architecture.md §API performance).
 */
export function preparedArrayRows(db: Database, name: string, query: SQL): (values: Record<string, unknown>) => Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (values) => (await db.$client.query({ name, text, values: fillPlaceholders(params, values), rowMode: 'array', types })).rows;
}

/** An instant of such a row, as PostgreSQL writes it, read as drizzle reads it. */
export function instantOf(written: string | null): Date | null {
  return written === null ? null : new Date(written);
}
