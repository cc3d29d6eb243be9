import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationOwner, startApiHarness, type ApiHarness } from '../test-support/api-harness.js';
import { jsonBodyMessages, MAX_JSON_DEPTH } from './json-body.js';

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

const DEEP = '['.repeat(500_000);
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('JSON bodies', () => {
  it('500,000 nested `[` sent anonymously is refused before parsing, 8 at once too', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/tenants', DEEP)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: jsonBodyMessages.tooDeep });
    }
  });

  it(`a signed-in request nested ${MAX_JSON_DEPTH + 1} levels is refused; ${MAX_JSON_DEPTH} levels reach validation`, async () => {
    const owner = await organizationOwner(harness);
    const nested = (levels: number) => `{"name":${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)},"domain":"example.com"}`;
    const tooDeep = await post('/api/tenants', nested(MAX_JSON_DEPTH + 1), owner.headers);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toBe(jsonBodyMessages.tooDeep);
    const deepEnough = await post('/api/tenants', nested(MAX_JSON_DEPTH), owner.headers);
    expect(deepEnough.statusCode).toBe(400);
    expect(deepEnough.json().message).not.toBe(jsonBodyMessages.tooDeep);
    // Brackets inside strings are text, and prototype keys are still refused.
    const bracketsInText = await post('/api/tenants', JSON.stringify({ name: `Co ${'['.repeat(100)}`, domain: 'example.com' }), owner.headers);
    expect(bracketsInText.json().message ?? '').not.toBe(jsonBodyMessages.tooDeep);
    expect((await post('/api/tenants', '{"__proto__":{"x":1}}', owner.headers)).statusCode).toBe(400);
  });

  it('anonymous routes read small bodies only: the PayPal webhook 64 KB, the sign-out form 16 KB', async () => {
    const webhook = await post('/api/paypal/webhook', JSON.stringify({ padding: 'x'.repeat(65 * 1024) }));
    expect(webhook.statusCode).toBe(413);
    const signOut = await post('/api/logout', JSON.stringify({ padding: 'x'.repeat(17 * 1024) }), { origin: 'http://localhost:3000' });
    expect(signOut.statusCode).toBe(413);
    expect(signOut.json()).toEqual({ message: 'Request body is too large' });
  });
});
