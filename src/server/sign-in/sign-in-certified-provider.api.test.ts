// Sign-in against panva's certified oidc-provider (the demo issuer's tests are in
// sign-in.api.test.ts): claims from UserInfo, client authentication from discovery, Entra-shaped
// ID tokens, and operator rights only from what the provider asserted.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { operatorAuditLog, sessions, users } from '../db/schema/index.js';
import { startCertifiedIssuer, signInAtCertifiedIssuer, type CertifiedIssuer } from '../test-support/certified-issuer.js';
import { cookieFrom } from '../test-support/cookies.js';
import { createUser } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { OidcProvider } from '../auth/index.js';

const APP_URL = 'http://localhost:3000';
const CLIENT = { clientId: 'passwatch', clientSecret: 'certified-s3cret' };
// Entra: `sub` is pairwise per app registration; `oid` is the user's object id in tenant `tid`.
const TENANT_ID = '9c1a4c7e-5a7b-4a53-9d8e-2f6c1d0e3b21';
const ENTRA_OID = '00000000-aaaa-4bbb-8ccc-000000000001';

let database: DatabaseHandle;
const issuers: CertifiedIssuer[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(issuers.map((issuer) => issuer.close()));
  await database?.close();
});

async function issuerAndApp(
  accounts: Record<string, Record<string, unknown>>,
  conformIdTokenClaims: boolean,
  settings: (issuerUrl: string) => Record<string, string>,
) {
  const issuer = await startCertifiedIssuer({ appUrl: APP_URL, ...CLIENT, accounts, conformIdTokenClaims });
  issuers.push(issuer);
  const config = testConfig({
    OIDC_ISSUER_URL: issuer.issuerUrl,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    ...settings(issuer.issuerUrl),
  });
  const app = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${APP_URL}/api/callback`) });
  apps.push(app);
  return { issuer, app };
}

/** /api/login, the issuer's sign-in and consent pages, then the app's answer at /api/callback. */
async function attemptSignIn(app: FastifyInstance, login: string) {
  const start = await app.inject({ method: 'GET', url: '/api/login' });
  expect(start.statusCode).toBe(302);
  const callback = await signInAtCertifiedIssuer(start.headers.location as string, login, `${APP_URL}/api/callback`);
  return app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieFrom(start, 'pw_login_state')! },
  });
}

/** A sign-in that must succeed; returns the session cookie. */
async function signIn(app: FastifyInstance, login: string): Promise<string> {
  const finish = await attemptSignIn(app, login);
  expect(finish.statusCode, finish.body).toBe(302);
  expect(finish.headers.location).toBe('/');
  return cookieFrom(finish, 'pw_session')!;
}

/** The claims of the ID token the latest sign-in received (kept with the session for logout). */
async function latestIdTokenClaims() {
  const [session] = await database.db.select({ idToken: sessions.idToken }).from(sessions).orderBy(desc(sessions.createdAt)).limit(1);
  return decodeJwt(session!.idToken!);
}

const me = async (app: FastifyInstance, cookie: string) => (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();

describe('sign-in with a spec-conformant provider (claims from UserInfo)', () => {
  let issuer: CertifiedIssuer;
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ issuer, app } = await issuerAndApp(
      {
        olive: { email: 'Olive@Passwatch.test', email_verified: true, given_name: 'Olive', family_name: 'Operator', name: 'Olive Operator' },
        unverified: { email: 'ops-lookalike@passwatch.test', email_verified: false, name: 'Una Verified' },
        'userinfo-down': { email: 'down@passwatch.test', email_verified: true, name: 'Dee Own' },
      },
      true,
      () => ({ ADMIN_EMAILS: 'olive@passwatch.test,ops-lookalike@passwatch.test' }),
    ));
  });

  it('reads email and names from UserInfo, authenticating with client_secret_basic as discovery offers', async () => {
    const cookie = await signIn(app, 'olive');
    expect(await latestIdTokenClaims()).not.toHaveProperty('email');
    expect(await me(app, cookie)).toMatchObject({ email: 'olive@passwatch.test', firstName: 'Olive', lastName: 'Operator' });
    expect(issuer.tokenRequestAuthentication).toEqual(['client_secret_basic']);
    const [row] = await database.db
      .select()
      .from(users)
      .where(and(eq(users.issuer, issuer.issuerUrl), eq(users.subject, 'olive')));
    expect(row).toMatchObject({ signInEmail: 'olive@passwatch.test', signInEmailVerified: true });
  });

  it('makes an ADMIN_EMAILS address the provider verified an operator admin, and audits each admin sign-in', async () => {
    const cookie = await signIn(app, 'olive');
    expect((await me(app, cookie)).isAdmin).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);
    const entries = await database.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.subject, 'olive'));
    // Two sign-ins in this file so far, both with admin rights.
    expect(entries.map((entry) => [entry.action, entry.issuer, entry.email])).toEqual([
      ['admin_sign_in', issuer.issuerUrl, 'olive@passwatch.test'],
      ['admin_sign_in', issuer.issuerUrl, 'olive@passwatch.test'],
    ]);
  });

  it('grants nothing for an address the provider says it did not verify', async () => {
    const cookie = await signIn(app, 'unverified');
    expect(await me(app, cookie)).toMatchObject({ email: 'ops-lookalike@passwatch.test', firstName: 'Una', lastName: 'Verified', isAdmin: false });
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(403);
    expect(await database.db.$count(operatorAuditLog, eq(operatorAuditLog.subject, 'unverified'))).toBe(0);
  });

  it('refuses the sign-in with a clear 400, recording nothing, when UserInfo cannot be read', async () => {
    issuer.userInfoDown = true;
    try {
      const finish = await attemptSignIn(app, 'userinfo-down');
      expect(finish.statusCode).toBe(400);
      expect(finish.body).toContain('Sign-in could not be completed. Please sign in again.');
      expect(cookieFrom(finish, 'pw_session')).toBeUndefined();
      expect(await database.db.$count(users, eq(users.subject, 'userinfo-down'))).toBe(0);
    } finally {
      issuer.userInfoDown = false;
    }
  });
});

describe('sign-in with Entra-shaped ID tokens (tid, oid, preferred_username, no email)', () => {
  const pairwiseSub = 'entra-pairwise-sub-for-this-app';
  let issuer: CertifiedIssuer;
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ issuer, app } = await issuerAndApp(
      {
        [pairwiseSub]: { tid: TENANT_ID, oid: ENTRA_OID, preferred_username: 'Ada.Admin@Contoso.test', name: 'Ada Admin' },
        'someone-else': { tid: TENANT_ID, oid: '00000000-aaaa-4bbb-8ccc-000000000002', preferred_username: 'ops@passwatch.test', name: 'Not Ops' },
      },
      false,
      (issuerUrl) => ({ ADMIN_EMAILS: 'ops@passwatch.test', ADMIN_SUBJECTS: `${issuerUrl}#${ENTRA_OID}` }),
    ));
  });

  it('keys the user by issuer + oid, takes the address from preferred_username, and re-keys a user recorded under sub', async () => {
    const earlier = await createUser(database.db, { issuer: issuer.issuerUrl, subject: pairwiseSub, email: null });
    const cookie = await signIn(app, pairwiseSub);
    const idToken = await latestIdTokenClaims();
    expect(idToken).toMatchObject({ sub: pairwiseSub, tid: TENANT_ID, oid: ENTRA_OID, preferred_username: 'Ada.Admin@Contoso.test' });
    expect(idToken).not.toHaveProperty('email');
    const user = await me(app, cookie);
    expect(user).toMatchObject({ id: earlier.id, email: 'ada.admin@contoso.test', firstName: 'Ada', lastName: 'Admin' });
    const [row] = await database.db.select().from(users).where(eq(users.id, earlier.id));
    expect(row).toMatchObject({ issuer: issuer.issuerUrl, subject: ENTRA_OID, signInEmailVerified: false });
  });

  it('makes the ADMIN_SUBJECTS entry an operator admin; a preferred_username equal to an ADMIN_EMAILS address grants nothing', async () => {
    const admin = await signIn(app, pairwiseSub);
    expect((await me(app, admin)).isAdmin).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin } })).statusCode).toBe(200);

    const lookalike = await signIn(app, 'someone-else');
    expect(await me(app, lookalike)).toMatchObject({ email: 'ops@passwatch.test', isAdmin: false });
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: lookalike } })).statusCode).toBe(403);
  });
});
