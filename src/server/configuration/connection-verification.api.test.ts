import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GRAPH_CREDENTIALS } from '../../simulators/graph/index.js';
import { configurationFor, connectionStatus, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness } from '../test-support/api-harness.js';
import { CONNECTION_STALE_MS } from './connection-verification.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

const tokenRequests = () => harness.graph.requests.filter((request) => request.url.endsWith('/token')).length;

async function removeConsent(): Promise<void> {
  const { directoryId, applicationId } = DEMO_GRAPH_CREDENTIALS;
  const response = await fetch(`${harness.graph.baseUrl}/_control/tenants/${directoryId}/consents/${applicationId}`, { method: 'DELETE' });
  expect(response.status).toBe(204);
}

describe('GET /api/connection-status', () => {
  it('verifies a stale verdict with a real sign-in, so the badge no longer says connected after the consent was removed', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor());
    // Never checked since the save: the first read verifies at once.
    const first = await connectionStatus(harness, owner);
    expect(first).toMatchObject({ configured: true, connectionStatus: 'connected', problem: null });
    expect(Date.parse(first.checkedAt!)).toBe(harness.graph.clock.now().getTime());

    // Fresh: read as stored, no call to Entra.
    await removeConsent();
    const before = tokenRequests();
    harness.graph.clock.advance(CONNECTION_STALE_MS - 60_000);
    expect(await connectionStatus(harness, owner)).toMatchObject({ connectionStatus: 'connected', checkedAt: first.checkedAt });
    expect(tokenRequests()).toBe(before);

    // Stale: verified again, and the removal shows with when it was found.
    harness.graph.clock.advance(60_000);
    const after = await connectionStatus(harness, owner);
    expect(after).toMatchObject({ connectionStatus: 'error', problem: 'consent_missing' });
    expect(Date.parse(after.checkedAt!)).toBe(harness.graph.clock.now().getTime());
    expect(tokenRequests()).toBeGreaterThan(before);
  });
});
