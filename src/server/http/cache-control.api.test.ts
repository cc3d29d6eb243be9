import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationOwner, startApiHarness, type ApiHarness } from '../test-support/api-harness.js';

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

describe('Cache-Control of API answers', () => {
  it('keeps signed-in answers, which carry personal data, out of every cache (no-store)', async () => {
    const owner = await organizationOwner(harness);
    for (const url of ['/api/auth/user', '/api/tenants', '/api/configuration', '/api/audit-logs/1', '/api/notification-preferences']) {
      const response = await harness.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await harness.app.inject({ method: 'GET', url: '/api/configuration' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
