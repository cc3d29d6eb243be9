import { describe, expect, it } from 'vitest';
import { clientSecretAsDiscovered, identityFromClaims } from './oidc-provider.js';

describe('clientSecretAsDiscovered', () => {
  const authenticate = (offered: string[] | undefined) => {
    const body = new URLSearchParams();
    const headers = new Headers();
    const server = { issuer: 'https://idp.test', token_endpoint_auth_methods_supported: offered };
    clientSecretAsDiscovered('s3cret')(server, { client_id: 'passwatch' }, body, headers);
    return { authorization: headers.get('authorization'), secretInBody: body.get('client_secret') };
  };

  it('uses client_secret_basic when the discovery document offers it, or names no method (its default)', () => {
    const basic = { authorization: `Basic ${Buffer.from('passwatch:s3cret').toString('base64')}`, secretInBody: null };
    expect(authenticate(['client_secret_post', 'client_secret_basic'])).toEqual(basic);
    expect(authenticate(undefined)).toEqual(basic);
  });

  it('falls back to client_secret_post otherwise', () => {
    expect(authenticate(['client_secret_post', 'private_key_jwt'])).toEqual({ authorization: null, secretInBody: 's3cret' });
  });
});

describe('identityFromClaims', () => {
  const base = { iss: 'https://idp.test', sub: 'user-1' };

  it('counts an address as verified only with email_verified true, or from a provider trusted for email', () => {
    expect(identityFromClaims({ ...base, email: 'A@B.test', email_verified: true }, null, false)).toMatchObject({ email: 'a@b.test', emailVerified: true });
    expect(identityFromClaims({ ...base, email: 'a@b.test', email_verified: 'true' }, null, false).emailVerified).toBe(false);
    expect(identityFromClaims({ ...base, email: 'a@b.test' }, null, false).emailVerified).toBe(false);
    expect(identityFromClaims({ ...base, email: 'a@b.test' }, null, true).emailVerified).toBe(true);
  });

  it('takes preferred_username as the contact address only when it is one, and never as verified', () => {
    expect(identityFromClaims({ ...base, preferred_username: 'Ada@Contoso.test' }, null, true)).toMatchObject({
      email: 'ada@contoso.test',
      emailVerified: false,
    });
    expect(identityFromClaims({ ...base, preferred_username: 'ada' }, null, true).email).toBeNull();
  });

  it('keys Entra users by oid (the issuer names the tenant), remembering the pairwise sub', () => {
    expect(identityFromClaims({ ...base, tid: 'tenant-1', oid: 'object-1' }, null, false)).toMatchObject({ subject: 'object-1', previousSubject: 'user-1' });
    expect(identityFromClaims({ ...base, oid: 'object-1' }, null, false)).toMatchObject({ subject: 'user-1', previousSubject: null });
  });
});
