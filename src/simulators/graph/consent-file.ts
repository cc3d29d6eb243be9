// Demo mode keeps the admin consents given to hosted apps (the operator's Passwatch app) in a JSON
// file beside the app's database, so a tenant connected with Microsoft is still consented after a
// restart, as it would be in Entra. The seeded tenants and their own apps are rebuilt at each start.
import { readFileSync, renameSync } from 'node:fs';
import { z } from 'zod';
import { errorMessage, type Warn } from '../shared/state-file-writer.js';
import type { GraphSimulatorState } from './state.js';

const consentFileSchema = z.object({
  consents: z.array(z.object({ tenantId: z.string(), appId: z.string(), permissions: z.array(z.string()) })),
});

/** The file's text for the consents hosted apps hold now. */
export function serializeConsents(state: GraphSimulatorState): string {
  const hosted = new Set(state.hostedApplications.map((application) => application.appId.toLowerCase()));
  const consents = [...state.tenants.values()].flatMap((tenant) =>
    [...tenant.servicePrincipals.values()]
      .filter((servicePrincipal) => hosted.has(servicePrincipal.appId.toLowerCase()))
      .map((servicePrincipal) => ({ tenantId: tenant.id, appId: servicePrincipal.appId, permissions: [...servicePrincipal.permissions].sort() })),
  );
  return JSON.stringify({ consents });
}

/**
 * Grants again the consents in `file` (none when there is no file yet) to tenants that exist. A file
 * that cannot be read is moved aside (`<file>.corrupt-<timestamp>`) and the simulator starts without.
 */
export function restoreConsents(state: GraphSimulatorState, file: string, warn: Warn): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let saved: z.infer<typeof consentFileSchema>;
  try {
    saved = consentFileSchema.parse(JSON.parse(text));
  } catch (error) {
    const asidePath = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, asidePath);
    warn(`Graph simulator: cannot restore ${file} (${errorMessage(error)}); moved it to ${asidePath} and started without consents.`);
    return;
  }
  for (const consent of saved.consents) state.tenants.get(consent.tenantId.toLowerCase())?.grantConsent(consent.appId, consent.permissions);
}
