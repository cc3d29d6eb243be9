import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp-nonce-placeholder.js';
import { emailPreviewDocument } from '../../shared/domain/email-template.js';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { inlineStyleHashes } from './security-headers.js';

let database: DatabaseHandle;
let webRoot: string;
const apps: FastifyInstance[] = [];

/** A built web app in miniature: index.html with the build's nonce placeholder, a bundle and its source map. */
async function writeWebRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'passwatch-web-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" ` +
      `src="/assets/app-1234.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(root, 'assets', 'app-1234.js'), 'console.log("app");\n');
  await writeFile(path.join(root, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["../../src/web/main.tsx"],"sourcesContent":["secret source"]}');
  return root;
}

async function app(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = testConfig(overrides);
  const built = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`), webRoot });
  apps.push(built);
  return built;
}

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  webRoot = await writeWebRoot();
});
afterAll(async () => {
  for (const built of apps) await built.close();
  await database?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each([
    ['an API answer', 'GET', '/api/health', 200],
    ['an API error', 'GET', '/api/tenants', 401],
    ['an unknown API route', 'GET', '/api/nothing-here', 404],
    ['the sign-in problem page', 'GET', '/api/callback?state=forged', 400],
    ['the web app', 'GET', '/dashboard', 200],
    ['a bundle', 'GET', '/assets/app-1234.js', 200],
  ])('are on %s', async (_label, method, url, status) => {
    const response = await (await app()).inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(status);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')?.filter((source) => !source.startsWith("'nonce-"))).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS only when APP_URL is https', async () => {
    const response = await (await app({ APP_URL: 'https://passwatch.example.com' })).inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it("allow the template preview's and the sign-in page's own stylesheets by hash, and nothing inline besides", async () => {
    const response = await (await app()).inject({ method: 'GET', url: '/api/callback?state=forged' });
    const styleSources = directives(response.headers['content-security-policy']).get('style-src') ?? [];
    const previewHashes = inlineStyleHashes(emailPreviewDocument('Password Expiration Notice', '<p>Hello Alex</p>', 'Contoso Ltd'));
    expect(previewHashes).toHaveLength(1);
    expect(styleSources).toEqual(expect.arrayContaining([...previewHashes, ...inlineStyleHashes(response.body)]));
    expect(inlineStyleHashes(response.body)).toHaveLength(1);
  });
});

describe('the web app', () => {
  it("gets each response's style nonce in place of the build's placeholder", async () => {
    const built = await app();
    const nonces = [];
    for (const url of ['/', '/dashboard', '/index.html']) {
      const response = await built.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(response.body)?.[1];
      expect(directives(response.headers['content-security-policy']).get('style-src')).toContain(`'nonce-${nonce}'`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('does not serve source maps', async () => {
    const response = await (await app()).inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret source');
  });
});
