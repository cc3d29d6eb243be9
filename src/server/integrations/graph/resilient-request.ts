import { type GraphEndpoint, recordGraphRequest } from '../../metrics/registry.js';
import { retryAfterTooLongError, transportError } from './graph-errors.js';
import { backoffDelayMs } from '../backoff.js';
import { RETRYABLE_STATUSES, retryAfterMs, type RetryPolicy } from './retry-policy.js';

/** An answer read in full (inside the attempt's timeout), before any error mapping. */
export interface HttpResult {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or null when empty. */
  body: unknown;
}

export interface ResilientRequestOptions {
  policy: RetryPolicy;
  nowMs: () => number;
  /** Per attempt, covering the answer's body too. */
  timeoutMs: number;
  /** Retry timeouts and network failures; only where repeating cannot do a thing twice. */
  retryTransportErrors: boolean;
  /** Named in transport errors: 'Microsoft Graph', 'the Entra ID token endpoint'. */
  target: string;
  /** Which endpoint each attempt is counted for in the metrics. */
  endpoint: GraphEndpoint;
  /** The caller gave up (a stream closed early): stop at once, without retrying. */
  signal?: AbortSignal;
  /** Called with the text received so far of a successful answer, chunk by chunk, before it is complete. */
  onSuccessText?: (textSoFar: string) => void;
}

/**
 * Sends with retries on 429/503/504 and, where allowed, on transport failures. Returns the last
 * answer (successful, not retryable, or out of attempts) for the caller to judge; throws
 * GraphError when no answer came or the server asks for a wait longer than the policy allows.
 */
export async function requestWithRetries(send: (signal: AbortSignal) => Promise<Response>, options: ResilientRequestOptions): Promise<HttpResult> {
  const { policy } = options;
  for (let attempt = 1; ; attempt += 1) {
    const lastAttempt = attempt >= policy.maxAttempts;
    let result: HttpResult;
    try {
      result = await readResponse(send, options);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (!options.retryTransportErrors || lastAttempt) throw transportError(error, options.target, options.timeoutMs);
      await policy.sleep(backoffDelayMs(attempt, policy));
      continue;
    }
    if (!RETRYABLE_STATUSES.has(result.status) || lastAttempt) return result;
    const requestedMs = retryAfterMs(result.headers.get('retry-after'), options.nowMs());
    if (requestedMs !== null && requestedMs > policy.maxRetryAfterMs) {
      throw retryAfterTooLongError(result.status, requestedMs / 1000, options.target);
    }
    await policy.sleep(requestedMs ?? backoffDelayMs(attempt, policy));
  }
}

/** One attempt, counted and timed in the metrics whatever its outcome. */
async function readResponse(send: (signal: AbortSignal) => Promise<Response>, options: ResilientRequestOptions): Promise<HttpResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const startedAt = performance.now();
  let status: number | null = null;
  try {
    const response = await send(signal);
    const text = await readText(response, options.onSuccessText);
    status = response.status;
    return { status: response.status, headers: response.headers, body: parseBody(text) };
  } finally {
    recordGraphRequest(options.endpoint, status, (performance.now() - startedAt) / 1000);
  }
}

async function readText(response: Response, onText: ((textSoFar: string) => void) | undefined): Promise<string> {
  if (!onText || !response.body || response.status < 200 || response.status >= 300) return response.text();
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    onText(text);
  }
  return text + decoder.decode();
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
