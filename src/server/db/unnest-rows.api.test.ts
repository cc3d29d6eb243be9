import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-database.js';
import type { DatabaseHandle } from './client.js';
import { unnestRows } from './unnest-rows.js';

// A table of its own, with every kind of column and default the app's tables use.
const probes = pgTable('unnest_probes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  state: text('state', { enum: ['queued', 'sent'] })
    .notNull()
    .default('queued'),
  attempts: integer('attempts').notNull().default(0),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  day: date('day', { mode: 'string' }),
  details: jsonb('details').$type<{ note: string }>(),
  token: text('token')
    .notNull()
    .$defaultFn(() => randomUUID()),
});

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query(`create table unnest_probes (
    id uuid primary key default gen_random_uuid(), name text not null unique, state text not null default 'queued',
    attempts integer not null default 0, seen_at timestamptz, day date, details jsonb, token text not null)`);
});
afterAll(async () => {
  await database?.close();
});

describe('unnestRows', () => {
  it('inserts many rows with one array parameter per column: given values, nulls, and the defaults of columns left out', async () => {
    const seenAt = new Date('2030-01-02T03:04:05.678Z');
    const rows = Array.from({ length: 1500 }, (_, index) => ({
      name: `user ${index} 'quoted', {braced} "double" \\ ${index % 2 ? 'ü' : ''}`,
      seenAt: index % 3 === 0 ? null : seenAt,
      day: index % 3 === 0 ? null : '2030-01-02',
      details: index % 3 === 0 ? null : { note: `row ${index}` },
    }));
    const query = database.db.insert(probes).select(unnestRows(probes, rows));
    // As many parameters as for a single row.
    expect(query.toSQL().params).toHaveLength(
      database.db
        .insert(probes)
        .select(unnestRows(probes, rows.slice(0, 1)))
        .toSQL().params.length,
    );
    await query;

    const stored = await database.db.select().from(probes).orderBy(asc(probes.name));
    expect(stored).toHaveLength(1500);
    const byName = new Map(stored.map((row) => [row.name, row]));
    for (const row of rows) {
      expect(byName.get(row.name)).toMatchObject({ state: 'queued', attempts: 0, seenAt: row.seenAt, day: row.day, details: row.details });
    }
    // Defaults are computed per row, in PostgreSQL (ids) and in JavaScript (tokens) alike.
    expect(new Set(stored.map((row) => row.id)).size).toBe(1500);
    expect(new Set(stored.map((row) => row.token)).size).toBe(1500);
  });

  it("keeps drizzle's conflict and returning clauses", async () => {
    await database.db.insert(probes).values({ name: 'conflicting', attempts: 1 });
    const returned = await database.db
      .insert(probes)
      .select(
        unnestRows(probes, [
          { name: 'conflicting', attempts: 5 },
          { name: 'fresh', attempts: 2 },
        ]),
      )
      .onConflictDoUpdate({ target: probes.name, set: { attempts: sql`${probes.attempts} + excluded.attempts` } })
      .returning({ name: probes.name, attempts: probes.attempts, inserted: sql<boolean>`xmax = 0` });
    expect(returned.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'conflicting', attempts: 6, inserted: false },
      { name: 'fresh', attempts: 2, inserted: true },
    ]);
  });

  it('refuses a column with a default that only some rows give (those rows would get null, not the default), and no rows at all', () => {
    expect(() => unnestRows(probes, [{ name: 'a', attempts: 1 }, { name: 'b' }])).toThrow(/attempts has a default/);
    expect(() => unnestRows(probes, [])).toThrow(/at least one row/);
  });
});
