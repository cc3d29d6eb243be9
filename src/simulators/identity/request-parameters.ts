import type { FastifyInstance, FastifyRequest } from 'fastify';

/** HTML forms and OAuth token requests arrive urlencoded; their bodies become URLSearchParams. */
export function acceptUrlEncodedForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
}

/** The parsed urlencoded body, or an empty one when the request had none. */
export function formParameters(request: FastifyRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

/** Query parameters read the same way as form bodies, so both reach one validator. */
export function queryParameters(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, 'http://query.invalid').searchParams;
}
