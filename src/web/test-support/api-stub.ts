import { vi } from 'vitest';

/** One request the page made, as the server would have received it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

/** Answers one route: a Response, or JSON (status 200) to send; either may come later (a promise: a slow server). */
export type RouteHandler = (request: RecordedRequest) => Response | unknown;

/**
 * Replaces fetch with a server that answers by 'METHOD /path' (the query string is the handler's
 * to read) and records every request, so a test sees exactly what the page sent. A request no
 * route answers gets a 404, as from the real server, and stays in the record.
 */
export function stubApi(routes: Record<string, RouteHandler>): { requests: RecordedRequest[]; requestsTo: (route: string) => RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const request: RecordedRequest = { method, url, headers: { ...(init.headers as Record<string, string> | undefined) }, body };
      requests.push(request);
      const handler = routes[`${method} ${url.pathname}`];
      if (!handler) return Response.json({ message: `Route ${method} ${url.pathname} not found` }, { status: 404 });
      const answer: unknown = await handler(request);
      return answer instanceof Response ? answer : Response.json(answer);
    }),
  );
  return { requests, requestsTo: (route) => requests.filter(({ method, url }) => `${method} ${url.pathname}` === route) };
}
