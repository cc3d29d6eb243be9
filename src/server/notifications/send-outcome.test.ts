import { describe, expect, it } from 'vitest';
import { GraphError, type GraphErrorKind } from '../directory/graph-errors.js';
import { classifySendError, gatewayTimeoutAsTimeout, SendDeferral } from './send-outcome.js';

const graphError = (kind: GraphErrorKind, status: number | null = 400) => new GraphError({ code: 'x', status, kind, actionableMessage: `because ${kind}` });

describe('classifySendError', () => {
  it('defers when Graph asked to wait, with its Retry-After', () => {
    expect(classifySendError(new SendDeferral(1500))).toMatchObject({ kind: 'deferred', retryAfterMs: 1500 });
    expect(classifySendError(graphError('throttled', 429))).toMatchObject({ kind: 'deferred', retryAfterMs: 0 });
    expect(classifySendError(graphError('unavailable', 503))).toMatchObject({ kind: 'deferred' });
  });

  it('never retries when the message may have been accepted: timeouts, lost connections, 500 and 502', () => {
    expect(classifySendError(graphError('timeout', null))).toMatchObject({ kind: 'unknown', message: 'because timeout' });
    expect(classifySendError(graphError('network', null))).toMatchObject({ kind: 'unknown' });
    expect(classifySendError(graphError('unavailable', 500))).toMatchObject({ kind: 'unknown' });
    expect(classifySendError(graphError('unavailable', 502))).toMatchObject({ kind: 'unknown' });
    expect(classifySendError(new TypeError('boom'))).toMatchObject({ kind: 'unknown' });
  });

  it('fails the whole mailbox for setup problems, one mail for the rest', () => {
    for (const kind of ['credentials', 'permission', 'mailbox'] as const) {
      expect(classifySendError(graphError(kind))).toEqual({ kind: 'failed', scope: 'mailbox', message: `because ${kind}` });
    }
    for (const kind of ['not_found', 'unexpected'] as const) {
      expect(classifySendError(graphError(kind))).toEqual({ kind: 'failed', scope: 'mail', message: `because ${kind}` });
    }
  });
});

describe('gatewayTimeoutAsTimeout', () => {
  const answering = (status: number): typeof fetch => async () => new Response('{}', { status });

  it('turns a 504 on a POST into a timeout', async () => {
    await expect(gatewayTimeoutAsTimeout(answering(504))('http://graph.test', { method: 'POST' })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('passes every other answer through', async () => {
    expect((await gatewayTimeoutAsTimeout(answering(503))('http://graph.test', { method: 'POST' })).status).toBe(503);
    expect((await gatewayTimeoutAsTimeout(answering(504))('http://graph.test', { method: 'GET' })).status).toBe(504);
  });
});
