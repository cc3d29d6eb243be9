import { describe, expect, it } from 'vitest';
import { readIdentitySimulatorEnvironment } from './simulator-environment.js';

const REDIRECTS = { IDENTITY_SIMULATOR_REDIRECT_URIS: 'http://localhost:5000/api/callback' };

describe('readIdentitySimulatorEnvironment', () => {
  it('defaults to port 4030 on loopback with the demo client', () => {
    expect(readIdentitySimulatorEnvironment(REDIRECTS)).toEqual({
      port: 4030,
      host: '127.0.0.1',
      publicUrl: undefined,
      client: {
        clientId: 'passwatch-demo',
        clientSecret: 'passwatch-demo-secret',
        redirectUris: ['http://localhost:5000/api/callback'],
        postLogoutRedirectUris: [],
      },
    });
  });

  it('reads every setting, lists comma-separated', () => {
    const settings = readIdentitySimulatorEnvironment({
      IDENTITY_SIMULATOR_PORT: '4100',
      IDENTITY_SIMULATOR_HOST: '0.0.0.0',
      IDENTITY_SIMULATOR_PUBLIC_URL: 'http://identity.local:4100',
      IDENTITY_SIMULATOR_CLIENT_ID: 'id',
      IDENTITY_SIMULATOR_CLIENT_SECRET: 'secret',
      IDENTITY_SIMULATOR_REDIRECT_URIS: 'http://a/cb, http://b/cb',
      IDENTITY_SIMULATOR_POST_LOGOUT_REDIRECT_URIS: 'http://a/',
    });
    expect(settings).toEqual({
      port: 4100,
      host: '0.0.0.0',
      publicUrl: 'http://identity.local:4100',
      client: {
        clientId: 'id',
        clientSecret: 'secret',
        redirectUris: ['http://a/cb', 'http://b/cb'],
        postLogoutRedirectUris: ['http://a/'],
      },
    });
  });

  it('names the variable at fault', () => {
    expect(() => readIdentitySimulatorEnvironment({})).toThrow('IDENTITY_SIMULATOR_REDIRECT_URIS');
    expect(() => readIdentitySimulatorEnvironment({ ...REDIRECTS, IDENTITY_SIMULATOR_PORT: 'http' })).toThrow('IDENTITY_SIMULATOR_PORT');
  });
});
