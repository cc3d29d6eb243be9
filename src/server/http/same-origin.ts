import type { FastifyInstance } from 'fastify';
import { forbidden } from './app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF), on top of the
 * SameSite=Lax session cookie. Server-to-server calls carry no Origin and no Sec-Fetch-Site and
 * pass; paths in `exempt` (signed webhooks) are not checked.
 */
export function registerSameOriginCheck(app: FastifyInstance, options: { allowedOrigins: string[]; exempt: string[] }): void {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (options.exempt.includes(path)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw forbidden('Cross-origin request refused');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-origin request refused');
  });
}
