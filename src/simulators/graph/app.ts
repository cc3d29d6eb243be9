// One Fastify app serving the Entra authority (token endpoint), Microsoft Graph v1.0 and the
// control API. Cross-cutting behaviour lives here: Graph request ids, faults, latency, and
// rendering every error the way the service it imitates renders it.
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerAdminConsentRoutes } from './admin-consent.js';
import { registerAuthorizeRoutes } from './authorize.js';
import { BATCH_PATH, INNER_REQUEST_ADDRESS, registerBatchRoute } from './batch.js';
import { registerControlRoutes } from './control-routes.js';
import { registerDomainRoutes } from './domain-routes.js';
import { GraphError, invalidJsonPayload, TokenEndpointError } from './errors.js';
import { applyFaults } from './faults.js';
import { registerGroupRoutes } from './group-routes.js';
import { innerErrorDate, tokenErrorTimestamp } from './graph-time.js';
import { OPENID_CONFIGURATION_PATH, registerOpenIdConfiguration, SIGNING_KEYS_PATH } from './openid-configuration.js';
import { registerSendMailRoute } from './send-mail.js';
import type { GraphSimulatorState } from './state.js';
import { authorityClientRequestId, registerTokenEndpoint, TOKEN_PATH } from './token-endpoint.js';
import { registerUserRoutes } from './user-routes.js';

export interface SimulatorAppOptions {
  logger?: boolean;
}

type RouteKind = 'graph' | 'batch' | 'token' | 'other';

function routeKind(request: FastifyRequest): RouteKind {
  const route = request.routeOptions.url;
  if (route === BATCH_PATH) return 'batch';
  // The Entra authority: the token endpoint, the tenant's OpenID metadata and signing keys.
  if (route === TOKEN_PATH || route === OPENID_CONFIGURATION_PATH || route === SIGNING_KEYS_PATH) return 'token';
  if (route?.startsWith('/v1.0/')) return 'graph';
  return 'other';
}

export function buildSimulatorApp(state: GraphSimulatorState, options: SimulatorAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { maxParamLength: 1000 },
    bodyLimit: 4 * 1024 * 1024,
    trustProxy: (address) => address === INNER_REQUEST_ADDRESS,
  });
  registerBodyParsers(app);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/v1.0')) {
      const requestId = randomUUID();
      const clientRequestId = request.headers['client-request-id'];
      void reply.headers({
        'request-id': requestId,
        'client-request-id': typeof clientRequestId === 'string' ? clientRequestId : requestId,
        'x-ms-ags-diagnostic': JSON.stringify({ ServerInfo: { DataCenter: 'Simulator', Slice: 'E', Ring: '0', ScaleUnit: '000' } }),
        'Cache-Control': 'no-cache',
      });
    } else if (routeKind(request) === 'token') {
      void reply.header('x-ms-request-id', randomUUID());
      const clientRequestId = authorityClientRequestId(request);
      if (clientRequestId) void reply.header('client-request-id', clientRequestId);
    }
  });
  // Faults hit each Graph operation (inner $batch requests included), not the $batch envelope.
  app.addHook('preHandler', async (request) => {
    if (routeKind(request) === 'graph') applyFaults(state);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const kind = routeKind(request);
    if ((kind === 'graph' || kind === 'token') && state.faults.latencyMs > 0) await delay(state.faults.latencyMs);
    return payload;
  });

  app.setErrorHandler((error: FastifyError | GraphError | TokenEndpointError, request, reply) => {
    if (error instanceof TokenEndpointError) return sendTokenError(state, error, request, reply);
    const graphError = error instanceof GraphError ? error : fromFrameworkError(error, request);
    return reply
      .code(graphError.status)
      .headers(graphError.headers)
      .type('application/json')
      .send({
        error: {
          code: graphError.code,
          message: graphError.message,
          innerError: {
            date: innerErrorDate(state.clock()),
            'request-id': String(reply.getHeader('request-id') ?? randomUUID()),
            'client-request-id': String(reply.getHeader('client-request-id') ?? reply.getHeader('request-id') ?? randomUUID()),
          },
        },
      });
  });
  app.setNotFoundHandler(async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/v1.0/')) {
      const segments = path.slice('/v1.0/'.length).split('/').filter(Boolean).map(decodeURIComponent);
      const known = new Set(['users', 'groups', 'domains', '$batch']);
      const segment = (known.has(segments[0] ?? '') ? segments[segments.length - 1] : segments[0]) ?? '';
      throw new GraphError(400, 'BadRequest', `Resource not found for the segment '${segment}'.`);
    }
    throw new GraphError(404, 'NotFound', `The Graph simulator has no route ${request.method} ${path}.`);
  });

  registerTokenEndpoint(app, state);
  registerAdminConsentRoutes(app, state);
  registerAuthorizeRoutes(app, state);
  registerOpenIdConfiguration(app, state);
  registerUserRoutes(app, state);
  registerGroupRoutes(app, state);
  registerDomainRoutes(app, state);
  registerSendMailRoute(app, state);
  registerBatchRoute(app, state);
  registerControlRoutes(app, state);
  return app;
}

function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim().length === 0) {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalidJsonPayload(), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** `{error, error_description, error_codes, timestamp, trace_id, correlation_id, error_uri}` as Entra sends it. */
function sendTokenError(state: GraphSimulatorState, error: TokenEndpointError, request: FastifyRequest, reply: FastifyReply) {
  const now = state.clock();
  const traceId = String(reply.getHeader('x-ms-request-id') ?? randomUUID());
  const correlationId = authorityClientRequestId(request) ?? randomUUID();
  const timestamp = tokenErrorTimestamp(now);
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .header('Cache-Control', 'no-store, no-cache')
    .send({
      error: error.error,
      error_description: `${error.message}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
      error_codes: [error.errorCode],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.microsoftonline.com/error?code=${error.errorCode}`,
    });
}

/** Fastify's own errors (unsupported media type, body too large...) in Graph's error shape. */
function fromFrameworkError(error: FastifyError, request: FastifyRequest): GraphError {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error(error);
  return new GraphError(status, status >= 500 ? 'generalException' : 'BadRequest', error.message);
}
