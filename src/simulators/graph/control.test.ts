import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_GRAPH_CREDENTIALS } from './demo-credentials.js';
import { DEFAULT_FAULTS, DEFAULT_SETTINGS, type TenantCredentials } from './state.js';
import { accessToken, graph, graphError, putControl, sendMailBody, startSimulator, type RunningSimulator } from './test-support.js';

let running: RunningSimulator;
let baseUrl: string;

beforeAll(async () => {
  running = await startSimulator();
  baseUrl = running.baseUrl;
});
beforeEach(() => running.simulator.reset());
afterAll(() => running.simulator.close());

const getJson = async <T>(path: string) => (await (await fetch(`${baseUrl}/_control/${path}`)).json()) as T;
const postJson = (path: string, body: unknown) =>
  fetch(`${baseUrl}/_control/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('faults and settings', () => {
  it('reads and merges partial updates', async () => {
    expect(await getJson('faults')).toEqual(DEFAULT_FAULTS);
    const updated = await putControl(baseUrl, 'faults', { latencyMs: 20, errorRate: 0.1 });
    expect(await updated.json()).toEqual({ ...DEFAULT_FAULTS, latencyMs: 20, errorRate: 0.1 });
    const settings = await putControl(baseUrl, 'settings', { mailMessagesPerMinute: 600 });
    expect(await settings.json()).toEqual({ ...DEFAULT_SETTINGS, mailMessagesPerMinute: 600 });
  });

  it('refuses unknown switches and out-of-range values', async () => {
    for (const body of [{ latencyMS: 5 }, { errorRate: 2 }, { forceThrottle: -1 }]) {
      const response = await putControl(baseUrl, 'faults', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await graphError(response)).code).toBe('InvalidControlRequest');
    }
    expect((await putControl(baseUrl, 'settings', { mailMessagesPerMinute: 0 })).status).toBe(400);
  });
});

describe('tenants', () => {
  it('registers a generated tenant whose credentials work', async () => {
    const created = await postJson('tenants', { users: 800, seed: 77, displayName: 'Northwind', domain: 'northwind.example' });
    expect(created.status).toBe(201);
    const credentials = (await created.json()) as TenantCredentials & { userCount: number };
    expect(credentials.userCount).toBe(800);
    const token = await accessToken(baseUrl, credentials);
    const count = await graph(baseUrl, token, '/users/$count', { headers: { ConsistencyLevel: 'eventual' } });
    expect(await count.text()).toBe('800');
    expect(credentials.fromEmail).toBe('passwatch@northwind.example');
    const listed = await getJson<{ value: { tenantId: string; userCount: number }[] }>('tenants');
    expect(listed.value).toContainEqual(expect.objectContaining({ tenantId: credentials.directoryId, userCount: 800 }));

    const again = await postJson('tenants', { users: 800, seed: 77 });
    expect(again.status).toBe(409);
  });

  it('validates the request', async () => {
    expect((await postJson('tenants', { users: 0, seed: 1 })).status).toBe(400);
    expect((await postJson('tenants', { users: 10 })).status).toBe(400);
  });
});

describe('reset', () => {
  it('returns to the seed: default switches, no mail, no extra tenants, old tokens invalid', async () => {
    const token = await accessToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
    await graph(baseUrl, token, `/users/${DEMO_GRAPH_CREDENTIALS.fromEmail}/sendMail`, { method: 'POST', body: sendMailBody(['a@contoso.com']) });
    await putControl(baseUrl, 'faults', { latencyMs: 5 });
    await postJson('tenants', { users: 10, seed: 5 });

    expect((await fetch(`${baseUrl}/_control/reset`, { method: 'POST' })).status).toBe(204);
    expect(await getJson('faults')).toEqual(DEFAULT_FAULTS);
    expect(await getJson('settings')).toEqual(DEFAULT_SETTINGS);
    expect((await getJson<{ value: unknown[] }>('mail')).value).toEqual([]);
    const tenants = await getJson<{ value: { displayName: string }[] }>('tenants');
    expect(tenants.value.map((tenant) => tenant.displayName)).toEqual(['Contoso', 'Fabrikam']);
    expect((await graph(baseUrl, token, '/users?$top=1')).status).toBe(401);
  });

  it('answers 404 for unknown control targets', async () => {
    expect((await postJson('applications/00000000-0000-4000-8000-000000000000/secrets', {})).status).toBe(404);
    const consent = await putControl(baseUrl, `tenants/00000000-0000-4000-8000-000000000000/consents/${DEMO_GRAPH_CREDENTIALS.applicationId}`, {
      permissions: [],
    });
    expect(consent.status).toBe(404);
    expect((await fetch(`${baseUrl}/_control/nothing`)).status).toBe(404);
  });
});
