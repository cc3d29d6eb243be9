import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../build/precompress-assets.js';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp-nonce-placeholder.js';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';

let database: DatabaseHandle;
let webRoot: string;
let app: FastifyInstance;
// Big enough to be worth compressing.
const bundle = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

/** A built web app in miniature, compressed as the build does it. */
async function writeWebRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'passwatch-web-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/assets/app-1234.js" ` +
      `nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body>${'<p>landing</p>'.repeat(200)}</body></html>`,
  );
  await writeFile(path.join(root, 'assets', 'app-1234.js'), bundle);
  // The build's manifest: the entry shares react-1234.js with the signed-in chunk, which also imports zod-1234.js.
  await mkdir(path.join(root, '.vite'));
  await writeFile(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/app-1234.js',
        isEntry: true,
        imports: ['_react-1234.js'],
        dynamicImports: ['_signed-in-routes-1234.js', 'lib/stored-tenant.ts'],
      },
      '_react-1234.js': { file: 'assets/react-1234.js' },
      '_zod-1234.js': { file: 'assets/zod-1234.js' },
      '_signed-in-routes-1234.js': {
        file: 'assets/signed-in-routes-1234.js',
        isDynamicEntry: true,
        imports: ['index.html', '_react-1234.js', '_zod-1234.js'],
        dynamicImports: ['features/account/account-page.tsx'],
      },
      'lib/stored-tenant.ts': { file: 'assets/stored-tenant-1234.js', isDynamicEntry: true, imports: ['_zod-1234.js'] },
      'features/account/account-page.tsx': { file: 'assets/account-page-1234.js', isDynamicEntry: true },
    }),
  );
  await writeFile(path.join(root, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  await precompressDirectory(root);
  return root;
}

beforeAll(async () => {
  database = await createTestDatabase();
  webRoot = await writeWebRoot();
  const config = testConfig();
  app = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`), webRoot });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('built assets', () => {
  it('are sent brotli-compressed to a browser that accepts it, and cached for a year', async () => {
    const response = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(bundle.length / 2);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('are sent gzip-compressed to a browser without brotli', async () => {
    const response = await get('/assets/app-1234.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const response = await get('/assets/app-1234.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(bundle);
  });

  it('outside /assets/ (not content-hashed) are revalidated on every use', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('are not reachable by their compressed copies’ own names', async () => {
    for (const url of ['/assets/app-1234.js.br', '/assets/app-1234.js.gz']) {
      const response = await get(url);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});

describe('index.html', () => {
  it('is never precompressed (its CSP nonce changes per response) and is revalidated on every use', async () => {
    expect(await readdir(webRoot)).not.toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
    for (const url of ['/', '/dashboard']) {
      const response = await get(url, 'br, gzip');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
  });
});

describe('index.html for a signed-in browser', () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("names the chunks the entry loads on demand to preload (not the entry's own, not the pages loaded later), only when a session cookie comes with the request", async () => {
    const signedIn = await app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: 'pw_session=anything' } });
    expect(signedIn.statusCode).toBe(200);
    expect(preloads(signedIn.body)).toEqual(['/assets/signed-in-routes-1234.js', '/assets/zod-1234.js', '/assets/stored-tenant-1234.js']);
    expect(signedIn.headers.vary).toMatch(/cookie/i);

    const visitor = await get('/dashboard');
    expect(preloads(visitor.body)).toEqual([]);
    expect(visitor.body).toContain('<p>landing</p>');
  });

  it('names the first API answers the signed-in app asks for to preload, with the session cookie, only when a session cookie comes with the request', async () => {
    const dataPreloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((match) => match[1]);
    const signedIn = await app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: 'pw_session=anything' } });
    expect(dataPreloads(signedIn.body)).toEqual(['/api/auth/user', '/api/app-info', '/api/tenants']);
    expect(dataPreloads((await get('/dashboard')).body)).toEqual([]);
  });

  it('does not serve the build manifest', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.body).not.toContain('signed-in-routes');
  });
});
