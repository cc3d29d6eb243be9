import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import { connectDatabase } from '../db/client.js';
import { startApiHarness, type ApiHarness } from '../test-support/api-harness.js';
import { testConfig } from '../test-support/test-config.js';
import { readinessReasons } from './health-routes.js';

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

it('answers ready when the database answers and every migration is applied', async () => {
  const response = await harness.app.inject({ method: 'GET', url: '/api/ready' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ready' });
});

it('answers 503 with the reason while the newest migration is not applied, and ready again once it is', async () => {
  const { rows } = await harness.database.pool.query<{ id: number; hash: string; created_at: string }>(
    'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at',
  );
  try {
    const response = await harness.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', reason: readinessReasons.migrations });
  } finally {
    for (const row of rows)
      await harness.database.pool.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        row.id,
        row.hash,
        row.created_at,
      ]);
  }
  expect((await harness.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
});

it('answers 503 "unreachable" without a database, while /api/health (liveness) still answers 200', async () => {
  // Port 1 on loopback: nothing listens, the connection is refused at once.
  const unreachable = connectDatabase('postgres://postgres:secret@127.0.0.1:1/passwatch', 1);
  const config = testConfig();
  const app = await buildApp({ config, db: unreachable.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`) });
  try {
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: readinessReasons.unreachable });
    expect(ready.body).not.toContain('secret');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  } finally {
    await app.close();
    await unreachable.close();
  }
});
