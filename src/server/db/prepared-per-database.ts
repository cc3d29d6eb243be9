import type { Database } from './client.js';

/**
 * The statements a route runs on every request, built once per database handle and prepared by
 * name: drizzle does not build the SQL again, and each connection has PostgreSQL parse and plan
 * them once. Under load, building queries was about a fifth of the process's CPU.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    const known = prepared.get(db);
    if (known) return known;
    const statements = prepare(db);
    prepared.set(db, statements);
    return statements;
  };
}
