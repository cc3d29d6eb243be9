import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestPath } from './http-conventions.js';
import type { SimulatorContext } from './simulator-context.js';

/** PayPal keeps PayPal-Request-Id keys for 72 hours. */
const IDEMPOTENCY_WINDOW_MS = 72 * 3_600_000;

/**
 * A POST repeated with the same PayPal-Request-Id gets the first successful response again and
 * changes nothing (no second subscription, no second webhook). Failures are not remembered, so a
 * corrected retry with the same id goes through.
 */
export function applyIdempotencyKeys(app: FastifyInstance, ctx: SimulatorContext): void {
  const keyOfRequest = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', async (request, reply) => {
    const path = requestPath(request);
    const requestId = request.headers['paypal-request-id'];
    if (request.method !== 'POST' || !path.startsWith('/v1/') || path === '/v1/oauth2/token') return;
    if (typeof requestId !== 'string' || requestId === '') return;
    const key = `${path} ${requestId}`;
    const remembered = ctx.state.idempotentResponses.get(key);
    if (remembered && remembered.expiresAt > ctx.clock.now()) {
      reply.code(remembered.statusCode);
      if (remembered.contentType) reply.header('content-type', remembered.contentType);
      return reply.send(remembered.payload);
    }
    ctx.state.idempotentResponses.delete(key);
    keyOfRequest.set(request, key);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = keyOfRequest.get(request);
    if (key && reply.statusCode >= 200 && reply.statusCode < 300) {
      const contentType = reply.getHeader('content-type');
      ctx.state.idempotentResponses.set(key, {
        statusCode: reply.statusCode,
        ...(typeof contentType === 'string' ? { contentType } : {}),
        ...(typeof payload === 'string' ? { payload } : {}),
        expiresAt: new Date(ctx.clock.now().getTime() + IDEMPOTENCY_WINDOW_MS),
      });
    }
    return payload;
  });
}
