import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app (dist/web): each built file at its path (hashed /assets/ files
 * cached for a year), and index.html for every other GET outside /api, so client-side routes
 * (/dashboard, /account, unknown paths showing Page Not Found) load.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      return reply.status(404).send({ message: `Route GET ${urlPath} not found` });
    }
    return reply.sendFile('index.html');
  });
}
