// POST /v1.0/$batch (JSON batching): up to 20 requests, each routed through the same handlers as
// if sent alone (own permission check, own throttling, own faults), run concurrently unless
// `dependsOn` orders them. The outer answer is 200 even when inner ones are 4xx/5xx.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphError } from './errors.js';
import { authenticateCaller } from './graph-caller.js';
import { odataJson } from './graph-http.js';
import { isJsonObject } from './json-values.js';
import type { GraphSimulatorState } from './state.js';

export const BATCH_PATH = '/v1.0/$batch';
const MAX_REQUESTS = 20;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Inner response headers worth returning (the rest are transport details). */
const FORWARDED_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'Content-Type',
  'retry-after': 'Retry-After',
  location: 'Location',
};

interface BatchStep {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  dependsOn: string[];
}

export interface BatchResponse {
  id: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

const invalidBatch = (message: string) => new GraphError(400, 'BadRequest', message);

/**
 * The socket address inner requests are injected from. No real socket has it (it is not an IP),
 * so the app trusts `X-Forwarded-Proto` from it alone: inner responses then build their links
 * with the scheme the outer request came over, as the routes do for a request sent alone.
 */
export const INNER_REQUEST_ADDRESS = 'graph-simulator-$batch';

export function registerBatchRoute(app: FastifyInstance, state: GraphSimulatorState): void {
  app.post(BATCH_PATH, async (request, reply) => {
    authenticateCaller(state, request);
    const steps = parseBatch(request.body);
    const outcomes = new Map<string, Promise<BatchResponse>>();
    for (const step of steps) {
      const dependencies = step.dependsOn.map((id) => outcomes.get(id) as Promise<BatchResponse>);
      outcomes.set(
        step.id,
        runAfter(dependencies, () => dispatch(app, request, step), step.id),
      );
    }
    return odataJson(reply, { responses: await Promise.all(outcomes.values()) });
  });
}

async function runAfter(dependencies: Promise<BatchResponse>[], run: () => Promise<BatchResponse>, id: string): Promise<BatchResponse> {
  const settled = await Promise.all(dependencies);
  if (settled.some((response) => response.status >= 400)) {
    return {
      id,
      status: 424,
      headers: { 'Content-Type': 'application/json' },
      body: { error: { code: 'FailedDependency', message: 'A request this request depends on failed.' } },
    };
  }
  return run();
}

async function dispatch(app: FastifyInstance, outer: FastifyRequest, step: BatchStep): Promise<BatchResponse> {
  const headers: Record<string, string> = { ...step.headers, host: outer.headers.host ?? 'localhost', 'x-forwarded-proto': outer.protocol };
  if (outer.headers.authorization) headers.authorization = outer.headers.authorization;
  const response = await app.inject({
    remoteAddress: INNER_REQUEST_ADDRESS,
    method: step.method as 'GET',
    url: `/v1.0${step.url.startsWith('/') ? '' : '/'}${step.url}`,
    headers,
    ...(step.body === undefined ? {} : { payload: JSON.stringify(step.body) }),
  });
  const forwarded: Record<string, string> = {};
  for (const [name, canonical] of Object.entries(FORWARDED_HEADERS)) {
    const value = response.headers[name];
    if (value !== undefined) forwarded[canonical] = String(value);
  }
  const result: BatchResponse = { id: step.id, status: response.statusCode, headers: forwarded };
  if (response.payload.length > 0) {
    result.body = (forwarded['Content-Type'] ?? '').includes('json') ? JSON.parse(response.payload) : response.payload;
  }
  return result;
}

function parseBatch(body: unknown): BatchStep[] {
  const requests = isJsonObject(body) ? body.requests : undefined;
  if (!Array.isArray(requests)) throw invalidBatch('Invalid batch payload format.');
  if (requests.length > MAX_REQUESTS) throw invalidBatch(`Number of requests exceeds the maximum of ${MAX_REQUESTS}.`);
  const seen = new Set<string>();
  return requests.map((entry: unknown) => {
    if (!isJsonObject(entry)) throw invalidBatch('Invalid batch payload format.');
    const { id, method, url, headers = {}, body: stepBody, dependsOn = [] } = entry;
    if (typeof id !== 'string' || id.length === 0) throw invalidBatch('Every request needs a non-empty string id.');
    if (seen.has(id)) throw invalidBatch(`Request id '${id}' is used more than once; ids must be unique.`);
    if (typeof method !== 'string' || !METHODS.has(method.toUpperCase())) throw invalidBatch(`Request id : ${id} has an invalid method.`);
    if (typeof url !== 'string' || url.length === 0 || /^[a-z]+:\/\//i.test(url)) {
      throw invalidBatch(`Request id : ${id} needs a url relative to the version, such as '/users'.`);
    }
    if (!isJsonObject(headers) || !Object.values(headers).every((value) => typeof value === 'string')) {
      throw invalidBatch(`Request id : ${id} has invalid headers.`);
    }
    const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (stepBody !== undefined && !hasContentType) {
      throw invalidBatch(`Write request id : ${id} does not contain Content-Type header or body.`);
    }
    if (!Array.isArray(dependsOn) || !dependsOn.every((dependency) => typeof dependency === 'string' && seen.has(dependency))) {
      throw invalidBatch(`Request id : ${id} depends on a request that does not come before it in the batch.`);
    }
    seen.add(id);
    return { id, method: method.toUpperCase(), url, headers: headers as Record<string, string>, body: stepBody, dependsOn: dependsOn as string[] };
  });
}
