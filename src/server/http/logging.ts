import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { loggableError } from './loggable-error.js';

// Query parameters that carry one-time codes or tokens (OIDC callback, PayPal return).
const SENSITIVE_QUERY_KEYS = ['code', 'state', 'id_token_hint', 'token', 'ba_token'];

/** Removes secrets from a URL before it is logged. */
function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of SENSITIVE_QUERY_KEYS) if (params.has(key)) params.set(key, '[redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** Fastify/pino options: request lines without cookies, tokens or secrets. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.clientSecret', '*.client_secret', '*.password', '*.access_token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
    hooks: {
      // Every line of this logger and its children (requests, jobs): an error from a failed query
      // is logged without the values the query carried.
      logMethod(args, log) {
        const [first] = args;
        if (first instanceof Error) args[0] = loggableError(first);
        else if (first !== null && typeof first === 'object' && 'err' in first && first.err instanceof Error)
          args[0] = { ...first, err: loggableError(first.err) };
        return log.apply(this, args);
      },
    },
  };
}

/**
 * One log line a request, written when it is answered: what was asked, by which address, the
 * status and how long it took. Fastify's default writes two (arrival and answer), which cost a busy
 * dashboard route a tenth of its time (bench/api.ts).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
