import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../shared/api/errors.js';
import { AppError } from './app-error.js';

/** Maps every error to the shared error body `{ message, fieldErrors? }`; user input never produces a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send({ message: error.message, fieldErrors: error.fieldErrors } satisfies ApiErrorBody);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, oversized body, wrong content type.
      request.log.info({ code: error.code }, error.message);
      return reply.status(status).send({ message: clientErrorMessage(error, status) } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' } satisfies ApiErrorBody);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies ApiErrorBody),
  );
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    default:
      return status === 413 ? 'Request body is too large' : error.message;
  }
}
