// One request to the Passwatch server, gzip-compressed, retried with backoff on 429, 5xx and
// network failures and never on the answers a retry cannot change (docs/connector.md §Retries).
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ServerConfig } from './config.js';
import { ConnectorError, EXIT } from './errors.js';

const gzipAsync = promisify(gzip);

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After the connector waits out; a longer one is cut to this. */
  maxRetryAfterMs: number;
  requestTimeoutMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxRetryAfterMs: 10 * 60_000,
  requestTimeoutMs: 120_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with full jitter: attempt 1 waits up to base, attempt 2 up to 2x base, ... */
function backoffMs(policy: RetryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

async function errorMessage(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return `HTTP ${response.status}`;
}

function refusal(status: number, message: string, what: string): ConnectorError {
  if (status === 401) {
    return new ConnectorError(EXIT.keyRefused, `the server refused the connector key (${message}): add a new connector in Configuration and use its key`);
  }
  return new ConnectorError(EXIT.serverRefusedData, `the server refused ${what} with ${status}: ${message}`);
}

/** Sends one JSON body and returns the answer's JSON; throws ConnectorError when it cannot. */
export async function sendJson(
  server: ServerConfig,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  what: string,
  policy = DEFAULT_RETRY_POLICY,
): Promise<unknown> {
  const url = new URL(path, server.url);
  const compressed = await gzipAsync(Buffer.from(JSON.stringify(body)));
  let lastFailure = '';
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    let waitMs: number | undefined;
    try {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${server.key}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          accept: 'application/json',
        },
        body: compressed,
        signal: AbortSignal.timeout(policy.requestTimeoutMs),
      });
      if (response.ok) return await response.json();
      const message = await errorMessage(response);
      // 408: the server's deadline cut a slow upload short; it is worth sending again, like 429 and 5xx.
      if (response.status !== 408 && response.status !== 429 && response.status < 500) throw refusal(response.status, message, what);
      lastFailure = `${response.status}: ${message}`;
      const retryAfter = retryAfterMs(response.headers.get('retry-after'), Date.now());
      if (retryAfter !== undefined) waitMs = Math.min(retryAfter, policy.maxRetryAfterMs);
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      lastFailure = cause?.code ?? cause?.message ?? (error as Error).message;
    }
    if (attempt < policy.attempts) await policy.sleep(waitMs ?? backoffMs(policy, attempt));
  }
  throw new ConnectorError(
    EXIT.serverUnavailable,
    `${what}: the server at ${server.url.origin} did not take it after ${policy.attempts} attempts (last: ${lastFailure})`,
  );
}
