import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
});

async function appWith(config: AppConfig, simulatedMailboxUrl: string | null = null) {
  const app = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`), simulatedMailboxUrl });
  apps.push(app);
  return app;
}

describe('GET /api/app-info', () => {
  it('in demo mode without operator admins, tells only the first user how to become one', async () => {
    const app = await appWith({ ...testConfig({ SUPPORT_EMAIL: 'help@passwatch.test' }), demoMode: true, adminEmails: [] }, 'http://127.0.0.1:3002/mailbox');
    // The hint names the address the issuer verified at sign-in, not the editable contact address.
    const first = await createUser(database.db, { email: 'edited@example.com', signInEmail: 'first@example.com', signInEmailVerified: true });
    const second = await createUser(database.db, { email: 'second@example.com', signInEmail: 'second@example.com', signInEmailVerified: true });

    const anonymous = await app.inject({ method: 'GET', url: '/api/app-info' });
    expect(anonymous.json()).toEqual({
      demoMode: true,
      adminHint: null,
      simulatedMailboxUrl: 'http://127.0.0.1:3002/mailbox',
      accountMailSinkUrl: null,
      supportEmail: 'help@passwatch.test',
    });
    const forFirst = await app.inject({ method: 'GET', url: '/api/app-info', headers: { cookie: await sessionCookieFor(database.db, first) } });
    expect(forFirst.json().adminHint).toContain('ADMIN_EMAILS=first@example.com');
    const forSecond = await app.inject({ method: 'GET', url: '/api/app-info', headers: { cookie: await sessionCookieFor(database.db, second) } });
    expect(forSecond.json().adminHint).toBeNull();
  });

  it('gives no hint once admins are configured, nor outside demo mode', async () => {
    const [first] = await database.db.query.users.findMany({ orderBy: (users, { asc }) => [asc(users.createdAt)], limit: 1 });
    const cookie = await sessionCookieFor(database.db, first!);
    const configured = await appWith({ ...testConfig(), demoMode: true, adminEmails: ['ops@example.com'] });
    expect((await configured.inject({ method: 'GET', url: '/api/app-info', headers: { cookie } })).json().adminHint).toBeNull();
    const production = await appWith({ ...testConfig(), demoMode: false, adminEmails: [] });
    const info = (await production.inject({ method: 'GET', url: '/api/app-info', headers: { cookie } })).json();
    expect(info).toMatchObject({ demoMode: false, adminHint: null, simulatedMailboxUrl: null });
  });
});

describe('PUT /api/auth/user', () => {
  it.each([
    [{ firstName: '', lastName: 'Lovelace', email: 'ada@example.com' }, 'First name is required'],
    [{ firstName: 'Ada', lastName: ' ', email: 'ada@example.com' }, 'Last name is required'],
    [{ firstName: 'Ada', lastName: 'Lovelace', email: 'not-an-email' }, 'Valid email is required'],
    [{ firstName: 'Ada', lastName: 'Lovelace' }, 'Valid email is required'],
  ])('refuses %j with the documented message and changes nothing', async (payload, message) => {
    const app = await appWith(testConfig());
    const user = await createUser(database.db, { firstName: 'Before', lastName: 'Change', email: 'before@example.com' });
    const cookie = await sessionCookieFor(database.db, user);
    const response = await app.inject({ method: 'PUT', url: '/api/auth/user', headers: { cookie }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const me = (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    expect(me).toMatchObject({ firstName: 'Before', lastName: 'Change', email: 'before@example.com' });
  });

  it('saves the trimmed names and the address, and needs a session', async () => {
    const app = await appWith(testConfig());
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user);
    expect((await app.inject({ method: 'PUT', url: '/api/auth/user', payload: { firstName: 'A', lastName: 'B', email: 'a@b.co' } })).statusCode).toBe(401);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { cookie },
      payload: { firstName: ' Ada ', lastName: 'Lovelace', email: 'Ada@Example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  });
});
