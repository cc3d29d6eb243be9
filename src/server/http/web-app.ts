import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp-nonce-placeholder.js';
import { signedInDataPreloadTags, signedInPreloadTags } from './signed-in-preloads.js';

/**
 * Serves the built React app (dist/web): each built file at its path, precompressed (hashed
 * /assets/ files cached for a year), and index.html for every other GET outside /api, so
 * client-side routes (/dashboard, /account, unknown paths showing Page Not Found) load. Source
 * maps are not served.
 *
 * index.html gets the response's Content-Security-Policy style nonce in place of the build's
 * placeholder: the web app hands it to the libraries that add `<style>` elements at run time.
 * To a browser that `isSignedIn` says holds a session, it also names the signed-in app's chunks
 * and the first API answers it asks for to preload (signed-in-preloads.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  { isSignedIn = () => false }: { isSignedIn?: (request: FastifyRequest) => boolean } = {},
): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const signedInIndexHtml = indexHtml.replace('</head>', `${signedInDataPreloadTags()}${signedInPreloadTags(webRoot)}</head>`);
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      // The page differs with the session cookie: no cache may hand one visitor's to another.
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send((isSignedIn(request) ? signedInIndexHtml : indexHtml).replaceAll(CSP_NONCE_PLACEHOLDER, reply.styleNonce()));
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build writes a brotli and a gzip copy of each asset (build/precompress-assets.ts): the
    // browser gets the one its Accept-Encoding names, with Content-Encoding and Vary set.
    preCompressed: true,
    // index.html only with its nonce (below); source maps and the build manifest not at all; the
    // compressed copies only in place of their original.
    globIgnore: ['index.html', '**/*.map', '**/*.br', '**/*.gz', '.vite/**'],
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.endsWith('.map')) {
      return reply.status(404).send({ message: `Route GET ${urlPath} not found` });
    }
    return sendIndex(request, reply);
  });
}
