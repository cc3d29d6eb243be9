// Helpers for the simulator's own tests: a listening simulator, tokens, Graph calls over real HTTP.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEMO_GRAPH_CREDENTIALS } from './demo-credentials.js';
import { createGraphSimulator, type GraphSimulator, type GraphSimulatorOptions } from './index.js';
import type { TenantCredentials } from './state.js';

export interface RunningSimulator {
  simulator: GraphSimulator;
  baseUrl: string;
}

export async function startSimulator(options: GraphSimulatorOptions = {}): Promise<RunningSimulator> {
  const simulator = createGraphSimulator(options);
  const baseUrl = await simulator.listen(0, '127.0.0.1');
  return { simulator, baseUrl };
}

export interface DemoSimulator extends RunningSimulator {
  /** An access token of the demo app (Contoso), fresh for each test. */
  readonly token: string;
}

/**
 * One simulator for the whole test file, back to its seeded state (tenants, faults, settings,
 * mail) before each test with a new token of the demo app, and closed after the last test. Read
 * its fields inside tests and hooks: they are set once the hooks have run.
 */
export function useDemoSimulator(options: GraphSimulatorOptions = {}): DemoSimulator {
  let running: RunningSimulator | undefined;
  let token: string | undefined;
  const started = (): RunningSimulator => {
    if (!running) throw new Error('the simulator starts in beforeAll: read it inside tests and hooks');
    return running;
  };
  beforeAll(async () => {
    running = await startSimulator(options);
  });
  beforeEach(async () => {
    started().simulator.reset();
    token = await accessToken(started().baseUrl, DEMO_GRAPH_CREDENTIALS);
  });
  afterAll(() => running?.simulator.close());
  return {
    get simulator() {
      return started().simulator;
    },
    get baseUrl() {
      return started().baseUrl;
    },
    get token() {
      if (token === undefined) throw new Error('the demo token is issued in beforeEach: read it inside tests');
      return token;
    },
  };
}

/** A clock tests move by hand. */
export class ManualClock {
  constructor(public nowMs: number = Date.parse('2025-03-10T09:30:00Z')) {}
  readonly now = (): Date => new Date(this.nowMs);
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

type TokenCredentials = Pick<TenantCredentials, 'directoryId' | 'applicationId' | 'clientSecret'>;

/** POST {authority}/{tenant}/oauth2/v2.0/token as a client-credentials client does. */
export function requestToken(
  baseUrl: string,
  credentials: TokenCredentials,
  overrides: Record<string, string | undefined> = {},
  tenant: string = credentials.directoryId,
): Promise<Response> {
  const form: Record<string, string | undefined> = {
    client_id: credentials.applicationId,
    client_secret: credentials.clientSecret,
    scope: 'https://graph.microsoft.com/.default',
    grant_type: 'client_credentials',
    ...overrides,
  };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, value);
  return fetch(`${baseUrl}/${tenant}/oauth2/v2.0/token`, { method: 'POST', body });
}

export async function accessToken(baseUrl: string, credentials: TokenCredentials): Promise<string> {
  const response = await requestToken(baseUrl, credentials);
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface GraphCall {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A Graph call; `pathOrUrl` is either '/users?...' (under /v1.0) or an absolute nextLink. */
export function graph(baseUrl: string, token: string | null, pathOrUrl: string, call: GraphCall = {}): Promise<Response> {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${baseUrl}/v1.0${pathOrUrl}`;
  const headers: Record<string, string> = { ...call.headers };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(url, {
    method: call.method ?? 'GET',
    headers,
    ...(call.body === undefined ? {} : { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) }),
  });
}

export interface GraphPage<T> {
  '@odata.context': string;
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
  value: T[];
}

/** Follows @odata.nextLink exactly as returned until the last page. */
export async function collectPages<T>(
  baseUrl: string,
  token: string,
  firstPath: string,
  headers: Record<string, string> = {},
): Promise<{ items: T[]; pages: GraphPage<T>[] }> {
  const pages: GraphPage<T>[] = [];
  let next: string | undefined = firstPath;
  while (next) {
    const response = await graph(baseUrl, token, next, { headers });
    if (response.status !== 200) throw new Error(`page ${pages.length + 1}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as GraphPage<T>;
    pages.push(page);
    next = page['@odata.nextLink'];
  }
  return { items: pages.flatMap((page) => page.value), pages };
}

export interface GraphErrorBody {
  error: { code: string; message: string; innerError: { date: string; 'request-id': string; 'client-request-id': string } };
}

export async function graphError(response: Response): Promise<GraphErrorBody['error']> {
  return ((await response.json()) as GraphErrorBody).error;
}

export function sendMailBody(to: string[], subject = 'Your password expires soon', content = '<p>Hello</p>') {
  return {
    message: {
      subject,
      body: { contentType: 'HTML', content },
      toRecipients: to.map((address) => ({ emailAddress: { address } })),
    },
    saveToSentItems: false,
  };
}

export function putControl(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/_control/${path}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
