// Small HTTP helpers shared by the Graph routes.
import type { FastifyReply, FastifyRequest } from 'fastify';

const ODATA_JSON = 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8';

/**
 * Scheme and authority the client used (from the Host header), so links work behind whatever
 * port the simulator listens on.
 */
export function requestBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}

/** The request path without its query string, still percent-encoded. */
export function requestPath(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

export function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Marks the reply as an OData JSON body, the content type Graph answers with. */
export function odataJson<T>(reply: FastifyReply, body: T): T {
  void reply.type(ODATA_JSON);
  return body;
}

export function metadataContext(baseUrl: string, entitySet: string, select: readonly string[] | null, suffix = ''): string {
  return `${baseUrl}/v1.0/$metadata#${entitySet}${select ? `(${select.join(',')})` : ''}${suffix}`;
}
