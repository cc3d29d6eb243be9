/**
 * Runs the demo OpenID Connect issuer on its own, e.g.
 * IDENTITY_SIMULATOR_REDIRECT_URIS=http://localhost:5000/api/callback npx tsx src/simulators/identity/main.ts
 */
import { createIdentitySimulator } from './identity-simulator.js';
import { readIdentitySimulatorEnvironment } from './simulator-environment.js';

const settings = readIdentitySimulatorEnvironment(process.env);
const simulator = createIdentitySimulator({ clients: [settings.client], logger: true, publicUrl: settings.publicUrl });
const issuer = await simulator.listen(settings.port, settings.host);
console.log(`Identity simulator issuer: ${issuer}`);
console.log(`Client id: ${settings.client.clientId}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
