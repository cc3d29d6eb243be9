import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTOSO_TENANT_ID,
  createGraphSimulator,
  DIRECTORY_ROLES,
  type GraphSimulator,
  issueIdToken,
  type SignInAccount,
  signInAccountsOf,
} from '../../simulators/graph/index.js';
import { CONSENTING_ROLES, verifyAdminIdToken } from './admin-proof.js';

const CLIENT_ID = '7d2e4f6a-8b1c-4d3e-9f5a-6b7c8d9e0f1a';
const NONCE = 'nonce-of-this-sign-in';

let simulator: GraphSimulator;
let authorityUrl: string;
let admin: SignInAccount;
let user: SignInAccount;

beforeAll(async () => {
  simulator = createGraphSimulator();
  authorityUrl = await simulator.listen();
  const contoso = simulator.state.tenants.get(CONTOSO_TENANT_ID);
  if (!contoso) throw new Error('Contoso is seeded');
  [admin, user] = signInAccountsOf(contoso) as [SignInAccount, SignInAccount];
});
afterAll(async () => {
  await simulator?.close();
});

const deps = (now = new Date()) => ({ authorityUrl, requestTimeoutMs: 5_000, now: () => now });
/** An ID token as the simulated Microsoft sign-in issues it. */
const signedInAs = (account: SignInAccount, nonce = NONCE) => issueIdToken(simulator.state, { account, clientId: CLIENT_ID, nonce, origin: authorityUrl });
const verify = (idToken: string, expected: { clientId?: string; nonce?: string; now?: Date } = {}) =>
  verifyAdminIdToken(deps(expected.now), { idToken, clientId: expected.clientId ?? CLIENT_ID, nonce: expected.nonce ?? NONCE });

describe('verifyAdminIdToken', () => {
  it('accepts a Global Administrator of the tenant: the proof names the tenant, the user and the role', async () => {
    await expect(verify(await signedInAs(admin))).resolves.toEqual({
      tenantId: CONTOSO_TENANT_ID,
      objectId: admin.objectId,
      username: admin.userPrincipalName,
      role: 'Global Administrator',
    });
    expect(Object.keys(CONSENTING_ROLES).sort()).toEqual([DIRECTORY_ROLES.globalAdministrator, DIRECTORY_ROLES.privilegedRoleAdministrator].sort());
  });

  it('refuses a genuine sign-in of a user without a consenting role as not_admin', async () => {
    await expect(verify(await signedInAs(user))).rejects.toMatchObject({ result: 'not_admin' });
  });

  it('refuses another sign-in (nonce), another app (aud), an expired token', async () => {
    const token = await signedInAs(admin);
    await expect(verify(token, { nonce: 'another-nonce' })).rejects.toMatchObject({ result: 'failed', message: expect.stringContaining('nonce') });
    await expect(verify(token, { clientId: '00000000-1111-4222-8333-444444444444' })).rejects.toMatchObject({ result: 'failed' });
    await expect(verify(token, { now: new Date(Date.now() + 2 * 3_600_000) })).rejects.toMatchObject({ result: 'failed' });
  });

  it("refuses a token signed by a key the tenant's metadata does not publish, even under the simulator's key id", async () => {
    const genuine = await signedInAs(admin);
    const { kid } = JSON.parse(Buffer.from(genuine.split('.')[0] ?? '', 'base64url').toString()) as { kid: string };
    const claims = JSON.parse(Buffer.from(genuine.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
    await expect(verify(forged)).rejects.toMatchObject({ result: 'failed', message: expect.stringContaining('does not verify') });
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${genuine.split('.')[1]}.`;
    await expect(verify(unsigned)).rejects.toMatchObject({ result: 'failed' });
  });

  it('refuses a tid that is no GUID or names no tenant at the authority, and what is not a JWT', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    for (const tid of ['../common', '00000000-0000-4000-8000-000000000000']) {
      const forged = await new SignJWT({ tid, oid: admin.objectId, nonce: NONCE, wids: admin.wids })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(`${authorityUrl}/${tid}/v2.0`)
        .setAudience(CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      await expect(verify(forged)).rejects.toMatchObject({ result: 'failed' });
    }
    await expect(verify('not-a-jwt')).rejects.toMatchObject({ result: 'failed' });
  });
});
