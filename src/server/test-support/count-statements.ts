import type pg from 'pg';

/** What `work` returned, and how many statements it sent to PostgreSQL through `pool`. */
export async function countStatements<T>(pool: pg.Pool, work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const original = pool.query;
  let statements = 0;
  pool.query = ((...args: Parameters<typeof original>) => {
    statements++;
    return (original as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pool.query = original;
  }
}
