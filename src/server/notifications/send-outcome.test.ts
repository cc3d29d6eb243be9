import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { GraphError, type GraphErrorKind, transportError } from '../integrations/graph/index.js';
import { attemptSend, classifySendError, recordingWaitAnswers, SendDeferral } from './send-outcome.js';

const SENDER = 'passwatch@contoso.com';
const graphError = (kind: GraphErrorKind, status: number | null = 400, code = 'x') =>
  new GraphError({ code, status, kind, actionableMessage: `because ${kind}` });
const classify = (error: unknown) => classifySendError(error, SENDER);

describe('classifySendError', () => {
  it('defers when Graph asked to wait, with its Retry-After', () => {
    expect(classify(new SendDeferral(1500))).toMatchObject({ kind: 'deferred', retryAfterMs: 1500 });
    expect(classify(graphError('throttled', 429))).toMatchObject({ kind: 'deferred', retryAfterMs: 0, reason: 'throttled' });
    expect(classify(graphError('unavailable', 503))).toMatchObject({ kind: 'deferred', reason: 'outage' });
  });

  it('never retries when no answer came, so the message may have been accepted: timeouts, lost connections', () => {
    expect(classify(graphError('timeout', null))).toMatchObject({ kind: 'unknown', reason: 'outcome_unknown', message: 'because timeout' });
    expect(classify(graphError('network', null))).toMatchObject({ kind: 'unknown' });
    expect(classify(new TypeError('boom'))).toMatchObject({ kind: 'unknown' });
  });

  it('retries a request that never connected (refused): it did not leave, so no duplicate is possible', async () => {
    // A loopback port that was just free: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const refused = transportError(
      await fetch(`http://127.0.0.1:${port}/v1.0/users/x/sendMail`, { method: 'POST' }).catch((error: unknown) => error),
      'Microsoft Graph',
      5_000,
    );
    expect(classify(refused)).toMatchObject({ kind: 'deferred', reason: 'outage', code: 'not_connected', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('retries a 5xx Graph answered: Graph did not accept the message', () => {
    for (const status of [500, 502, 503, 504]) {
      expect(classify(graphError('unavailable', status, `http_${status}`))).toMatchObject({ kind: 'deferred', reason: 'outage', code: `http_${status}` });
    }
  });

  it('fails the whole mailbox for setup problems, one mail for the rest', () => {
    for (const kind of ['credentials', 'permission', 'mailbox'] as const) {
      expect(classify(graphError(kind))).toMatchObject({ kind: 'failed', scope: 'mailbox', message: `because ${kind}` });
    }
    for (const kind of ['not_found', 'unexpected'] as const) {
      expect(classify(graphError(kind))).toMatchObject({ kind: 'failed', scope: 'mail', message: `because ${kind}` });
    }
  });

  it('tells an outage, throttling and the mailbox quota apart: only the quota is called a mailbox limit', () => {
    const outage = classifySendError(new SendDeferral(0), SENDER, { status: 503, code: 'ServiceUnavailable' });
    const throttled = classifySendError(new SendDeferral(2000), SENDER, { status: 429, code: 'ApplicationThrottled' });
    const quota = classifySendError(new SendDeferral(60_000), SENDER, { status: 429, code: 'ErrorSubmissionQuotaExceeded' });
    expect(outage).toMatchObject({
      kind: 'deferred',
      reason: 'outage',
      code: 'ServiceUnavailable',
      message: expect.stringContaining('Microsoft Graph is unavailable (HTTP 503)'),
    });
    expect(throttled).toMatchObject({ kind: 'deferred', reason: 'throttled', retryAfterMs: 2000, message: expect.stringContaining('throttling') });
    expect(quota).toMatchObject({ kind: 'deferred', reason: 'mailbox_limit', message: expect.stringContaining(`${SENDER} reached its Exchange Online limit`) });
    for (const other of [outage, throttled]) expect(other.message).not.toMatch(/limit/i);
  });

  it('names missing Mail.Send, a sender without mailbox and an invalid recipient each for what they are', () => {
    expect(classify(graphError('mailbox', 403, 'ErrorAccessDenied'))).toMatchObject({
      kind: 'failed',
      scope: 'mailbox',
      reason: 'permission',
      code: 'ErrorAccessDenied',
    });
    expect(classify(graphError('mailbox', 404, 'MailboxNotEnabledForRESTAPI'))).toMatchObject({
      kind: 'failed',
      scope: 'mailbox',
      reason: 'mailbox_not_found',
    });
    expect(classify(graphError('mailbox', 403, 'ErrorSendAsDenied'))).toMatchObject({ kind: 'failed', scope: 'mailbox', reason: 'send_as_denied' });
    expect(classify(graphError('mailbox', 403, 'ErrorQuotaExceeded'))).toMatchObject({ kind: 'failed', scope: 'mailbox', reason: 'mailbox_full' });
    expect(classify(graphError('mailbox', 403, 'ErrorMessageSubmissionBlocked'))).toMatchObject({
      kind: 'failed',
      scope: 'mailbox',
      reason: 'submission_blocked',
    });
    expect(classify(graphError('unexpected', 400, 'ErrorInvalidRecipients'))).toMatchObject({
      kind: 'failed',
      scope: 'mail',
      reason: 'recipient_invalid',
      message: expect.stringContaining("Correct the user's email address"),
    });
  });
});

describe('attemptSend', () => {
  it('classifies a deferral by the answer that asked for it, per send', async () => {
    const answering =
      (status: number, code: string): typeof fetch =>
      async () =>
        new Response(JSON.stringify({ error: { code } }), { status });
    const send = (fetchImpl: typeof fetch) => async () => {
      const response = await fetchImpl('http://graph.test', { method: 'POST' });
      throw new SendDeferral(response.status === 429 ? 1000 : 0);
    };
    const [outage, quota] = await Promise.all([
      attemptSend(SENDER, send(recordingWaitAnswers(answering(503, 'ServiceUnavailable')))),
      attemptSend(SENDER, send(recordingWaitAnswers(answering(429, 'ErrorSubmissionQuotaExceeded')))),
    ]);
    expect(outage).toMatchObject({ kind: 'deferred', reason: 'outage' });
    expect(quota).toMatchObject({ kind: 'deferred', reason: 'mailbox_limit', retryAfterMs: 1000 });
  });

  it('defers a 504 that Graph answered as an outage named by its status', async () => {
    const gatewayTimeout: typeof fetch = async () => new Response(JSON.stringify({ error: { code: 'UnknownError' } }), { status: 504 });
    const outcome = await attemptSend(SENDER, async () => {
      await recordingWaitAnswers(gatewayTimeout)('http://graph.test', { method: 'POST' });
      throw new SendDeferral(0);
    });
    expect(outcome).toMatchObject({ kind: 'deferred', reason: 'outage', code: 'UnknownError', message: expect.stringContaining('(HTTP 504)') });
  });
});
