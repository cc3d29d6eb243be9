import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { billingSubscriptions, tenants } from '../db/schema/index.js';
import { createOrganization, createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { DAY_MS } from '../../shared/domain/day-length.js';

const NOW = new Date('2025-06-10T12:00:00Z');
const ISSUER = 'https://issuer.test';
let database: DatabaseHandle;
let app: FastifyInstance;
let adminCookie: string;
let customerCookie: string;

type Subscription = { status: (typeof tenants.$inferSelect)['subscriptionStatus']; plan: 'monthly' | 'yearly'; periodEnd: Date; cancelAtPeriodEnd?: boolean };

/** A user owning one organization in the given subscription state (written as a PayPal sync would). */
async function customer(user: { email: string; firstName: string; lastName: string }, organization: string, subscription?: Subscription) {
  const created = await createUser(database.db, user);
  const tenant = await createOrganization(database.db, created, {
    name: organization,
    domain: `${organization.replace(/\W/g, '').toLowerCase() || 'org'}.test`,
  });
  if (subscription) {
    const paypalSubscriptionId = `I-${tenant.id.slice(0, 8).toUpperCase()}`;
    await database.db
      .update(tenants)
      .set({ subscriptionStatus: subscription.status, subscriptionPlan: subscription.plan, paypalSubscriptionId })
      .where(eq(tenants.id, tenant.id));
    await database.db.insert(billingSubscriptions).values({
      tenantId: tenant.id,
      paypalSubscriptionId,
      paypalStatus: subscription.cancelAtPeriodEnd ? 'SUSPENDED' : 'ACTIVE',
      currentPeriodEnd: subscription.periodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd ?? false,
      lastSyncedAt: NOW,
    });
  }
  return { user: created, tenant };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ ADMIN_EMAILS: 'Ops@Passwatch.test', ADMIN_SUBJECTS: `${ISSUER}#operator-by-subject` });
  app = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`), clock: () => NOW });

  // An operator admin by the address the provider verified at sign-in.
  const admin = await createUser(database.db, {
    email: 'ops@passwatch.test',
    signInEmail: 'ops@passwatch.test',
    signInEmailVerified: true,
    firstName: 'Olive',
    lastName: 'Operator',
  });
  adminCookie = await sessionCookieFor(database.db, admin);
  const future = new Date(NOW.getTime() + 20 * DAY_MS);
  const past = new Date(NOW.getTime() - DAY_MS);
  const grace = await customer({ email: 'grace@navy.test', firstName: 'Grace', lastName: 'Hopper' }, 'Navy Systems', {
    status: 'active',
    plan: 'monthly',
    periodEnd: future,
  });
  customerCookie = await sessionCookieFor(database.db, grace.user);
  await customer({ email: 'alan@bletchley.test', firstName: 'Alan', lastName: 'Turing' }, 'Enigma Works', {
    status: 'active',
    plan: 'yearly',
    periodEnd: future,
  });
  await customer({ email: 'ada@engines.test', firstName: 'Ada', lastName: 'Lovelace' }, 'Analytical Engines', {
    status: 'active',
    plan: 'monthly',
    periodEnd: future,
    cancelAtPeriodEnd: true,
  });
  await customer({ email: 'tess@trial.test', firstName: 'Tess', lastName: 'Trial' }, 'Trial Org', { status: 'trialing', plan: 'monthly', periodEnd: future });
  await customer({ email: 'late@late.test', firstName: 'Lou', lastName: 'Late' }, 'Late Co', { status: 'past_due', plan: 'monthly', periodEnd: future });
  // Cancelled at period end, and the period is over: no longer active, even before reconciliation.
  await customer({ email: 'ended@ended.test', firstName: 'Ed', lastName: 'Ended' }, 'Ended Co', {
    status: 'active',
    plan: 'yearly',
    periodEnd: past,
    cancelAtPeriodEnd: true,
  });
  await customer({ email: 'mallory@evil.test', firstName: '=HYPERLINK("http://evil.test","x")', lastName: '+1-2' }, '@Evil Org');
  await customer({ email: 'percent@odd.test', firstName: '100%', lastName: 'Literal_Name' }, 'Odd Co');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const ADMIN_URLS = [
  '/api/admin/stats',
  '/api/admin/users',
  '/api/admin/users?search=a',
  '/api/admin/subscriptions',
  '/api/admin/export-users',
  '/api/admin/audit-log',
];
const emailsOf = (users: { email: string }[]) => users.map((user) => user.email).sort();

describe('admin API', () => {
  it('answers 403 to every call from a signed-in non-admin, and 401 without a session', async () => {
    for (const url of ADMIN_URLS) {
      const forbidden = await get(url, customerCookie);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'Forbidden' });
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('reports users, active subscriptions, trial users and MRR (35 per monthly, 365/12 per yearly)', async () => {
    const response = await get('/api/admin/stats', adminCookie);
    expect(response.statusCode).toBe(200);
    // Active: Navy (monthly), Enigma (yearly), Analytical (monthly, cancelling later).
    expect(response.json()).toEqual({ totalUsers: 9, activeSubscriptions: 3, trialUsers: 1, monthlyRevenue: 100.42 });
  });

  it('lists users with their organizations and searches email, names and organization names ignoring case', async () => {
    const all = await get('/api/admin/users', adminCookie);
    expect(all.json()).toHaveLength(9);
    const grace = all.json().find((user: { email: string }) => user.email === 'grace@navy.test');
    expect(grace).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      tenants: [{ name: 'Navy Systems', role: 'owner', subscriptionStatus: 'active', subscriptionPlan: 'monthly', cancelAtPeriodEnd: false }],
    });
    const ended = all.json().find((user: { email: string }) => user.email === 'ended@ended.test');
    expect(ended.tenants[0].subscriptionStatus).toBe('canceled');

    const cases: [string, string[]][] = [
      ['GRACE', ['grace@navy.test']],
      ['hopp', ['grace@navy.test']],
      ['BLETCHLEY.test', ['alan@bletchley.test']],
      ['enigma', ['alan@bletchley.test']],
      ['engines', ['ada@engines.test']],
      ['%', ['percent@odd.test']],
      ['r_l', []],
      ['literal_', ['percent@odd.test']],
      ['nobody-here', []],
    ];
    for (const [search, expected] of cases) {
      const response = await get(`/api/admin/users?search=${encodeURIComponent(search)}`, adminCookie);
      expect(response.statusCode).toBe(200);
      expect(emailsOf(response.json()), search).toEqual(expected);
    }
    expect((await get('/api/admin/users?search=', adminCookie)).json()).toHaveLength(9);
  });

  it('lists only active or trialing organizations under Subscriptions', async () => {
    const response = await get('/api/admin/subscriptions', adminCookie);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((row: { name: string; subscriptionStatus: string; monthlyRevenue: number; ownerEmails: string[] }) => [
          row.name,
          row.subscriptionStatus,
          row.monthlyRevenue,
          row.ownerEmails,
        ]),
    ).toEqual([
      ['Analytical Engines', 'active', 35, ['ada@engines.test']],
      ['Enigma Works', 'active', 30.42, ['alan@bletchley.test']],
      ['Navy Systems', 'active', 35, ['grace@navy.test']],
      ['Trial Org', 'trialing', 0, ['tess@trial.test']],
    ]);
  });

  it('exports users as subscribers-{date}.csv with formula cells neutralised', async () => {
    const response = await get('/api/admin/export-users', adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="subscribers-2025-06-10.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Email","First Name","Last Name","Signed Up","Organization","Domain","Role","Subscription ' +
        'Status","Plan","Current Period End","Cancel At Period End","PayPal Subscription ID"',
    );
    expect(lines).toHaveLength(1 + 9);
    const graceLine = lines.find((line) => line.startsWith('"grace@navy.test"'))!;
    expect(graceLine).toContain('"Navy Systems","navysystems.test","owner","active","monthly","2025-06-30","no","I-');
    const mallory = lines.find((line) => line.startsWith('"mallory@evil.test"'))!;
    expect(mallory).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")","'+1-2"`);
    expect(mallory).toContain(`"'@Evil Org"`);
    expect(response.body).not.toMatch(/(^|,)"[=+\-@]/m);
    const operator = lines.find((line) => line.startsWith('"ops@passwatch.test"'))!;
    expect(operator).toContain('"","","","none"');
  });
});

describe('operator role', () => {
  async function signedIn(overrides: Parameters<typeof createUser>[1]) {
    const user = await createUser(database.db, overrides);
    return { user, cookie: await sessionCookieFor(database.db, user) };
  }
  const isAdmin = async (cookie: string) => (await get('/api/auth/user', cookie)).json().isAdmin;

  it('never comes from the profile address: editing it to an ADMIN_EMAILS one leaves every /api/admin/* call at 403', async () => {
    const { cookie } = await signedIn({ email: 'eve@evil.test', signInEmail: 'eve@evil.test', signInEmailVerified: true });
    const edited = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { cookie },
      payload: { firstName: 'M', lastName: 'E', email: 'ops@passwatch.test' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ email: 'ops@passwatch.test', isAdmin: false });
    for (const url of ADMIN_URLS) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: 'Forbidden' });
    }
  });

  it('needs the address to be verified by the provider at sign-in, or the issuer + subject in ADMIN_SUBJECTS', async () => {
    const unverified = await signedIn({ email: 'ops@passwatch.test', signInEmail: 'ops@passwatch.test', signInEmailVerified: false });
    expect(await isAdmin(unverified.cookie)).toBe(false);
    expect((await get('/api/admin/stats', unverified.cookie)).statusCode).toBe(403);

    const otherIssuer = await signedIn({ issuer: 'https://elsewhere.test', subject: 'operator-by-subject', email: null });
    expect((await get('/api/admin/stats', otherIssuer.cookie)).statusCode).toBe(403);

    const bySubject = await signedIn({ issuer: ISSUER, subject: 'operator-by-subject', email: null, signInEmail: null });
    expect(await isAdmin(bySubject.cookie)).toBe(true);
    expect((await get('/api/admin/stats', bySubject.cookie)).statusCode).toBe(200);
  });

  it('writes every export to the operator audit log, which admins can read', async () => {
    const before = (await get('/api/admin/audit-log', adminCookie)).json();
    expect((await get('/api/admin/export-users', adminCookie)).statusCode).toBe(200);
    const after = await get('/api/admin/audit-log', adminCookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toHaveLength(before.length + 1);
    expect(after.json()[0]).toMatchObject({ action: 'users_export', issuer: ISSUER, email: 'ops@passwatch.test', ipAddress: '127.0.0.1' });
  });
});
