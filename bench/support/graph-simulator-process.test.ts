import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphSimulatorProcess, type GraphSimulatorProcess } from './graph-simulator-process.js';

describe('startGraphSimulatorProcess', () => {
  let simulator: GraphSimulatorProcess;
  beforeAll(async () => {
    simulator = await startGraphSimulatorProcess();
  });
  afterAll(async () => {
    await simulator.stop();
  });

  it('answers on a loopback port of its own', () => {
    expect(simulator.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('drives the control API with JSON bodies and returns its answers', async () => {
    const created = await simulator.control<{ directoryId: string; userCount: number }>('POST', 'tenants', { users: 3, seed: 7 });
    expect(created.userCount).toBe(3);
    await simulator.control('PUT', 'faults', { latencyMs: 5 });
    expect(await simulator.control('GET', 'faults')).toMatchObject({ latencyMs: 5 });
    const listed = await simulator.control<{ value: { tenantId: string; userCount: number }[] }>('GET', 'tenants');
    expect(listed.value).toContainEqual(expect.objectContaining({ tenantId: created.directoryId, userCount: 3 }));
  });

  it('throws with the status and the answer when the control API refuses', async () => {
    await expect(simulator.control('PUT', 'tenants/no-such-tenant/consents/no-such-app', { permissions: [] })).rejects.toThrow(
      /^PUT \/_control\/tenants\/no-such-tenant\/consents\/no-such-app: 404 /,
    );
  });

  it('stops the child process, and stopping twice is harmless', async () => {
    const other = await startGraphSimulatorProcess();
    await other.stop();
    await other.stop();
    await expect(fetch(`${other.baseUrl}/_control/faults`)).rejects.toThrow();
  });
});
