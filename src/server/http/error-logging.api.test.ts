// A failed query reaches the logs through the app's error handler: what it says about the failure
// (SQLSTATE, constraint, where in the code) is there, the values the query carried are not.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import { users } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';

const EMAIL = 'ada.lovelace@example.com';
const NAME = 'Ada Lovelace';

let database: DatabaseHandle;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ LOG_LEVEL: 'info' });
  app = await buildApp({
    config,
    db: database.db,
    oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
    logStream: { write: (line) => void logLines.push(line) },
  });
  const { db } = database;
  // Two failures whose PostgreSQL messages quote the values: a cast and a unique key.
  app.get('/test/failing-cast', async () => db.execute(sql`select ${EMAIL}::integer as n`));
  app.get('/test/failing-insert', async () => {
    const person = { issuer: 'https://issuer.test', subject: EMAIL, email: EMAIL, firstName: 'Ada', lastName: 'Lovelace' };
    await db.insert(users).values(person);
    await db.insert(users).values(person);
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

function errorLinesOf(url: string) {
  return logLines.filter((line) => line.includes('"level":50')).filter((line) => JSON.parse(line).reqId === lastRequestId(url));
}

function lastRequestId(url: string): string {
  const line = logLines.findLast((entry) => JSON.parse(entry).req?.url === url);
  return JSON.parse(line!).reqId;
}

describe('error logs of failed queries', () => {
  it('name the SQLSTATE and where it failed, never the query parameters or the server message quoting them', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/failing-cast' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });

    const [line, ...more] = errorLinesOf('/test/failing-cast');
    expect(more).toEqual([]);
    expect(line).not.toContain(EMAIL);
    const { err } = JSON.parse(line!);
    expect(err).toMatchObject({ type: 'DatabaseQueryError', code: '22P02', message: 'Database query failed with SQLSTATE 22P02' });
    expect(err.query).toContain('::integer');
    expect(err.stack).toMatch(/^DatabaseQueryError: Database query failed with SQLSTATE 22P02\n\s+at /);
  });

  it('name the violated constraint without the key values', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/failing-insert' });
    expect(response.statusCode).toBe(500);

    const [line] = errorLinesOf('/test/failing-insert');
    expect(line).toBeDefined();
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(NAME.split(' ')[1]);
    expect(JSON.parse(line!).err).toMatchObject({ code: '23505', constraint: 'users_issuer_subject_key', table: 'users' });
  });
});

describe('request logs', () => {
  it('write one line a request, when it is answered: the request without its cookie, the status and the time taken', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health?code=one-time', headers: { cookie: 'passwatch_session=secret-token' } });
    expect(response.statusCode).toBe(200);
    const ids = new Set(
      logLines
        .map((line) => JSON.parse(line))
        .filter((line) => line.req?.url?.startsWith('/api/health?'))
        .map((line) => line.reqId),
    );
    expect(ids.size).toBe(1);
    const lines = logLines.map((line) => JSON.parse(line)).filter((line) => ids.has(line.reqId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/health?code=%5Bredacted%5D' }, res: { statusCode: 200 } });
    expect(lines[0].responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
