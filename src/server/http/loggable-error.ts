import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

/**
 * A failed query as the logs may carry it: the SQL text (placeholders only), PostgreSQL's SQLSTATE
 * and the schema objects involved, and where in our code it happened. Never the query's
 * parameters, nor the server's message and detail, which quote the offending values (a name, an
 * email address: "invalid input syntax ...: \"ada@example.com\"", "Key (email)=(...)").
 */
class DatabaseQueryError extends Error {
  override readonly name = 'DatabaseQueryError';
  constructor(
    readonly code: string | undefined,
    readonly constraint: string | undefined,
    readonly table: string | undefined,
    readonly column: string | undefined,
    readonly routine: string | undefined,
    readonly query: string | undefined,
    stackFrames: string,
  ) {
    super(`Database query failed${code ? ` with SQLSTATE ${code}` : ''}${constraint ? ` on constraint ${constraint}` : ''}`);
    this.stack = `${this.name}: ${this.message}\n${stackFrames}`;
  }
}

function causesOf(error: Error): Error[] {
  const chain: Error[] = [];
  for (let current: unknown = error; current instanceof Error && !chain.includes(current); current = current.cause) chain.push(current);
  return chain;
}

/** The error itself, or, when a database query failed anywhere in its causes, that failure without any value. */
export function loggableError(error: Error): Error {
  const chain = causesOf(error);
  const query = chain.find((cause) => cause instanceof DrizzleQueryError);
  const database = chain.find((cause) => cause instanceof pg.DatabaseError);
  if (!query && !database) return error;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return new DatabaseQueryError(database?.code, database?.constraint, database?.table, database?.column, database?.routine, query?.query, frames);
}
