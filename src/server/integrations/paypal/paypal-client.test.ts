import { describe, expect, it } from 'vitest';
import { PayPalApiError, PayPalClient } from './paypal-client.js';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** A fetch that answers from a script and records what it was asked. */
function scriptedFetch(replies: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string> });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected call ${url}`);
    if (reply instanceof Error) throw reply;
    return reply;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const token = (value: string) => json(200, { access_token: value, token_type: 'Bearer', expires_in: 32400 });
const noContent = () => new Response(null, { status: 204 });

function client(replies: (Response | Error)[]) {
  const scripted = scriptedFetch(replies);
  return {
    ...scripted,
    paypal: new PayPalClient({
      apiUrl: 'https://paypal.test',
      clientId: 'id',
      clientSecret: 'secret',
      fetch: scripted.fetch,
      retries: 2,
      backoff: { baseDelayMs: 1, maxBackoffMs: 1 },
    }),
  };
}

describe('PayPalClient', () => {
  it('authenticates with HTTP Basic once and reuses the bearer token', async () => {
    const { paypal, calls } = client([token('T1'), noContent(), noContent()]);
    await paypal.suspendSubscription('I-1', 'r');
    await paypal.activateSubscription('I-1', 'r');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST https://paypal.test/v1/oauth2/token',
      'POST https://paypal.test/v1/billing/subscriptions/I-1/suspend',
      'POST https://paypal.test/v1/billing/subscriptions/I-1/activate',
    ]);
    expect(calls[0]!.headers.authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(calls[1]!.headers.authorization).toBe('Bearer T1');
    expect(calls[2]!.headers.authorization).toBe('Bearer T1');
  });

  it('sends a PayPal-Request-Id on every POST, the same one on each retry', async () => {
    const { paypal, calls } = client([token('T1'), json(503, {}), new Error('socket hang up'), noContent()]);
    await paypal.cancelSubscription('I-1', 'r');
    const cancels = calls.filter((call) => call.url.endsWith('/cancel'));
    expect(cancels).toHaveLength(3);
    const ids = new Set(cancels.map((call) => call.headers['paypal-request-id']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]!.headers['paypal-request-id']).toBeDefined();
  });

  it('fetches a new token once when PayPal answers 401', async () => {
    const { paypal, calls } = client([token('OLD'), json(401, { name: 'AUTHENTICATION_FAILURE' }), token('NEW'), noContent()]);
    await paypal.cancelSubscription('I-1', 'r');
    expect(calls.at(-1)!.headers.authorization).toBe('Bearer NEW');
  });

  it("reports PayPal's error issue, and null for an unknown subscription", async () => {
    const refusal = {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'x',
      debug_id: 'abc',
      details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID', description: 'Invalid status' }],
    };
    const { paypal } = client([token('T1'), json(422, refusal), json(404, { name: 'RESOURCE_NOT_FOUND' })]);
    const error = await paypal.activateSubscription('I-1', 'r').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(error).toMatchObject({ status: 422, issue: 'SUBSCRIPTION_STATUS_INVALID', debugId: 'abc' });
    expect(await paypal.getSubscription('I-404')).toBeNull();
  });

  it("accepts a transaction without a status, which PayPal's schema allows, beside the others", async () => {
    const gross = { gross_amount: { currency_code: 'USD', value: '35.00' } };
    const transactions = [
      { id: 'T-1', status: 'COMPLETED', amount_with_breakdown: gross, time: '2026-11-01T10:00:00Z' },
      { id: 'T-2', amount_with_breakdown: gross, time: '2026-11-02T10:00:00Z' },
    ];
    const { paypal } = client([token('T1'), json(200, { transactions })]);
    const listed = await paypal.listTransactions('I-1', new Date('2026-10-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    expect(listed.map((transaction) => [transaction.id, transaction.status])).toEqual([
      ['T-1', 'COMPLETED'],
      ['T-2', undefined],
    ]);
  });

  it('gives up after the retries with status 0 when PayPal cannot be reached', async () => {
    const { paypal } = client([new Error('ECONNREFUSED'), new Error('ECONNREFUSED'), new Error('ECONNREFUSED')]);
    await expect(paypal.getSubscription('I-1')).rejects.toMatchObject({ status: 0 });
  });
});
