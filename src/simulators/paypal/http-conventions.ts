import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newDebugId } from './ids.js';
import { HttpError, internalServerError, malformedJson, resourceNotFound } from './paypal-errors.js';

/**
 * Body parsing and error replies the PayPal way: JSON bodies may be empty (`activate` without a
 * reason), forms are parsed for the token endpoint and the approval page, and every failure is a
 * PayPal error document.
 */
export function applyPayPalHttpConventions(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(malformedJson());
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/v1/')) reply.header('paypal-debug-id', newDebugId());
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 415) {
      return reply
        .code(415)
        .send({ name: 'UNSUPPORTED_MEDIA_TYPE', message: "The server does not support the request payload's media type.", debug_id: newDebugId() });
    }
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      const replacement = malformedJson();
      return reply.code(replacement.statusCode).send(replacement.body);
    }
    request.log.error(error);
    const failure = internalServerError();
    return reply.code(failure.statusCode).send(failure.body);
  });

  app.setNotFoundHandler((_request, reply) => {
    const notFound = resourceNotFound();
    return reply.code(notFound.statusCode).send(notFound.body);
  });
}

/** `Prefer: return=representation` asks for the full resource; PayPal's default is minimal. */
export function prefersRepresentation(request: FastifyRequest): boolean {
  return /return=representation/i.test(String(request.headers.prefer ?? ''));
}

/** The path of a request without its query string. */
export function requestPath(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '';
}
