import type { FastifyInstance, FastifyRequest } from 'fastify';

// Node's own requestTimeout does not cut off a body that keeps trickling in once the headers are
// read (Node 20), so the deadline for the body is kept here.
const REQUEST_TIMEOUT_RESPONSE = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

function clearDeadline(request: FastifyRequest): void {
  const timer = deadlines.get(request);
  if (timer === undefined) return;
  clearTimeout(timer);
  deadlines.delete(request);
}

/**
 * A client must have sent its whole request (the body too) within `timeoutMs` of its headers;
 * one that trickles it is answered 408 and its connection closed, so slow clients cannot hold
 * connections open for ever.
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 §6.3): nothing
    // can trickle in, and the dashboard's GETs skip a timer each (docs/architecture.md §API performance).
    const { headers } = request.raw;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) return done();
    const timer = setTimeout(() => {
      deadlines.delete(request);
      if (request.raw.complete) return;
      request.log.info({ timeoutMs }, 'request body not received in time: closing the connection');
      const socket = request.raw.socket;
      if (socket.writable) socket.end(REQUEST_TIMEOUT_RESPONSE);
      socket.destroySoon();
    }, timeoutMs);
    timer.unref();
    deadlines.set(request, timer);
    done();
  });
  // The body is in once validation starts; a request that ends earlier clears it on the way out.
  const clear = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    clearDeadline(request);
    done();
  };
  app.addHook('preValidation', clear);
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', (request, done) => {
    clearDeadline(request);
    done();
  });
}
