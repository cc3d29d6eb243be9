import { getTableColumns, is, Param, SQL, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Many rows of `table` as one `select ... from unnest($1::type[], $2::type[], ...)`, for
 * `db.insert(table).select(unnestRows(table, rows))`: one array parameter per column, so the
 * statement's text and its parameter count stay the same whatever the number of rows. (A multi-row
 * VALUES list has a parameter per row and column: building a 1,000-row one took drizzle longer than
 * PostgreSQL took to insert it.) The conflict and returning clauses stay drizzle's.
 *
 * Columns are produced in the table's order, as insert-select expects: a column the rows give is
 * read from its array (a row without it gets null), one they do not give takes its default.
 */
export function unnestRows<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  if (rows.length === 0) throw new Error('unnestRows needs at least one row');
  const given: { name: string; column: Column; values: unknown[] }[] = [];
  const selected: SQL[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    // Generated columns are left out of inserts (drizzle's own rule).
    if (column.generated !== undefined && column.generated.type !== 'byDefault') continue;
    let values = rows.map((row) => (row as Record<string, unknown>)[key]);
    if (values.every((value) => value === undefined)) {
      const fallback: unknown = column.defaultFn?.();
      if (column.defaultFn === undefined) {
        selected.push(defaultOf(column));
        continue;
      }
      if (is(fallback, SQL)) {
        selected.push(fallback);
        continue;
      }
      // A default computed in JavaScript is computed for each row, as drizzle's insert does.
      values = rows.map(() => column.defaultFn!());
    }
    if (column.hasDefault && values.some((value) => value === undefined)) {
      // A row without it would get null instead of the default.
      throw new Error(`unnestRows: column ${column.name} has a default and is missing in some rows; give it in every row or in none`);
    }
    const name = `c${given.length}`;
    given.push({ name, column, values: values.map((value) => (value === undefined || value === null ? null : column.mapToDriverValue(value))) });
    selected.push(sql.raw(name));
  }
  const arrays = sql.join(
    given.map(({ column, values }) => sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`),
    sql`, `,
  );
  const names = sql.raw(given.map(({ name }) => name).join(', '));
  return sql`select ${sql.join(selected, sql`, `)} from unnest(${arrays}) as u(${names})`;
}

/** The column's default as an expression for every row; null when it has none. */
function defaultOf(column: Column): SQL {
  if (column.default === undefined) return sql`null`;
  return is(column.default, SQL) ? column.default : sql`${new Param(column.default, column)}::${sql.raw(column.getSQLType())}`;
}
