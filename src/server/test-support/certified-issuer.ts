// An OpenID Provider nobody here wrote: panva's certified `oidc-provider`, in-process on a
// loopback port, for the sign-in tests and the browser journey. Configured as OpenID Connect
// Core asks: in the code flow, email and profile claims come only from UserInfo.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface CertifiedIssuerOptions {
  /** The relying party's base URL: its redirect URI is `${appUrl}/api/callback`. */
  appUrl: string;
  clientId: string;
  clientSecret: string;
  /** Claims per login name; the name typed on the sign-in page is the account id (`sub`). */
  accounts: Record<string, Record<string, unknown>>;
  /**
   * false: every granted claim also goes into the ID token, as Entra puts `tid`, `oid` and
   * `preferred_username` there. Default true, as OpenID Connect Core prescribes.
   */
  conformIdTokenClaims?: boolean;
  port?: number;
}

export interface CertifiedIssuer {
  issuerUrl: string;
  /** Tests: answer every UserInfo request with 503 while true. */
  userInfoDown: boolean;
  /**
   * How the client authenticated at each token request: client_secret_basic when it sent HTTP
   * Basic credentials, else client_secret_post (the only other way a client with a secret has).
   */
  tokenRequestAuthentication: string[];
  close(): Promise<void>;
}

export async function startCertifiedIssuer(options: CertifiedIssuerOptions): Promise<CertifiedIssuer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });

  const provider = new Provider(issuerUrl, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [`${options.appUrl}/api/callback`],
        post_logout_redirect_uris: [`${options.appUrl}/`],
        // The default; a client that sends its secret another way is refused.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub', 'tid', 'oid'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    conformIdTokenClaims: options.conformIdTokenClaims ?? true,
    async findAccount(_ctx, id) {
      const claims = options.accounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['certified-issuer-test-cookie-key'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  });

  const tokenRequestAuthentication: string[] = [];
  const issuer: CertifiedIssuer = {
    issuerUrl,
    userInfoDown: false,
    tokenRequestAuthentication,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  provider.use(async (ctx, next) => {
    if (issuer.userInfoDown && ctx.path === provider.pathFor('userinfo')) {
      ctx.status = 503;
      ctx.body = { error: 'temporarily_unavailable' };
      return;
    }
    if (ctx.method === 'POST' && ctx.path === '/token') {
      tokenRequestAuthentication.push(/^Basic\s/i.test(ctx.get('authorization')) ? 'client_secret_basic' : 'client_secret_post');
    }
    await next();
  });
  server.on('request', provider.callback());
  return issuer;
}

/**
 * Signs `login` in at the issuer as a browser would (following redirects with a cookie jar, filling
 * the sign-in form, then the consent form) and returns the URL it sends the browser back to.
 */
export async function signInAtCertifiedIssuer(authorizeUrl: string, login: string, callbackPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const separator = pair!.indexOf('=');
      cookies.set(pair!.slice(0, separator), pair!.slice(separator + 1));
    }
    return response;
  };

  let url = new URL(authorizeUrl);
  for (let step = 0; step < 10; step += 1) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(callbackPrefix)) return url;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`the issuer answered ${response.status} without a form: ${page.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? '';
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const submitted = await send(new URL(action.replace(/&amp;/g, '&'), url), { method: 'POST', body: form });
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the issuer refused the ${prompt} form: ${submitted.status} ${await submitted.text()}`);
    url = new URL(next, url);
    if (url.href.startsWith(callbackPrefix)) return url;
  }
  throw new Error('the issuer did not send the browser back');
}
