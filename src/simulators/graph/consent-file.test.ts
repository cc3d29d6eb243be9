import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTOSO_TENANT_ID, createGraphSimulator, FABRIKAM_TENANT_ID, registerCertificateApp } from './index.js';

const APP_ID = 'b3d5f7a9-1c2e-4f60-8a7b-9c0d1e2f3a4b';
const REDIRECT_URI = 'http://localhost:3000/api/entra/consent-callback';

let directory: string;
let consentFile: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'graph-consents-'));
  consentFile = path.join(directory, 'demo', 'graph-simulator-consents.json');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A demo start: the simulator with the consent file, the Passwatch app registered afresh. */
async function start() {
  const simulator = createGraphSimulator({ consentFile, consentSaveDelayMs: 10 });
  await registerCertificateApp(simulator.state, { appId: APP_ID, displayName: 'Passwatch', redirectUris: [REDIRECT_URI] });
  const baseUrl = await simulator.listen();
  return { simulator, baseUrl };
}

async function acceptConsent(baseUrl: string, tenantId: string): Promise<void> {
  const form = new URLSearchParams({
    client_id: APP_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'https://graph.microsoft.com/.default',
    decision: 'accept',
    account: tenantId,
  });
  const answered = await fetch(`${baseUrl}/${tenantId}/v2.0/adminconsent`, { method: 'POST', body: form, redirect: 'manual' });
  expect(answered.headers.get('location')).toContain('admin_consent=True');
}

describe('consents of hosted apps across a restart (demo mode)', () => {
  it('a consent given before the restart is still there after it; one removed stays removed', async () => {
    const first = await start();
    await acceptConsent(first.baseUrl, CONTOSO_TENANT_ID);
    await acceptConsent(first.baseUrl, FABRIKAM_TENANT_ID);
    const removed = await fetch(`${first.baseUrl}/_control/tenants/${FABRIKAM_TENANT_ID}/consents/${APP_ID}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const granted = first.simulator.state.tenants.get(CONTOSO_TENANT_ID)?.servicePrincipalOf(APP_ID);
    await first.simulator.close();

    const second = await start();
    try {
      const restored = second.simulator.state.tenants.get(CONTOSO_TENANT_ID)?.servicePrincipalOf(APP_ID);
      expect(restored?.permissions).toEqual(granted?.permissions);
      expect(restored?.objectId).toBe(granted?.objectId);
      expect(second.simulator.state.tenants.get(FABRIKAM_TENANT_ID)?.servicePrincipalOf(APP_ID)).toBeUndefined();
    } finally {
      await second.simulator.close();
    }
  });

  it('a file it cannot read is moved aside and the simulator starts without consents', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await start();
    await first.simulator.close();
    await writeFile(consentFile, '{"consents": "not a list"');
    const second = await start();
    try {
      expect(second.simulator.state.tenants.get(CONTOSO_TENANT_ID)?.servicePrincipalOf(APP_ID)).toBeUndefined();
      expect((await readdir(path.dirname(consentFile))).some((name) => name.includes('.corrupt-'))).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Graph simulator: cannot restore'));
    } finally {
      await second.simulator.close();
      warn.mockRestore();
    }
  });
});
