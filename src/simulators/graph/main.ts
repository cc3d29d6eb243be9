// Stand-alone Graph simulator: `npx tsx src/simulators/graph/main.ts`.
// GRAPH_SIMULATOR_PORT (default 4010) and GRAPH_SIMULATOR_HOST (default 127.0.0.1).
import { createGraphSimulator, DEMO_GRAPH_CREDENTIALS, graphSimulatorEndpoints } from './index.js';

const port = Number(process.env.GRAPH_SIMULATOR_PORT ?? 4010);
const host = process.env.GRAPH_SIMULATOR_HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`GRAPH_SIMULATOR_PORT must be a port number, got '${process.env.GRAPH_SIMULATOR_PORT}'`);
  process.exit(1);
}

const simulator = createGraphSimulator();
const baseUrl = await simulator.listen(port, host);
const endpoints = graphSimulatorEndpoints(baseUrl);
console.log(`Microsoft Graph simulator listening on ${baseUrl}
  Authority (token endpoint base): ${endpoints.authorityBaseUrl}  ->  POST /{tenantId}/oauth2/v2.0/token
  Graph base URL:                  ${endpoints.graphBaseUrl}
  Simulated mailbox:               ${endpoints.mailboxUrl}
  Control API:                     ${endpoints.controlBaseUrl}/faults, /settings, /mail, /reset, /tenants

Demo credentials (tenant "Contoso"):
  Directory (tenant) ID:   ${DEMO_GRAPH_CREDENTIALS.directoryId}
  Application (client) ID: ${DEMO_GRAPH_CREDENTIALS.applicationId}
  Client secret value:     ${DEMO_GRAPH_CREDENTIALS.clientSecret}
  Client secret ID:        ${DEMO_GRAPH_CREDENTIALS.clientSecretId}  (pasting this instead of the value gives AADSTS7000215)
  From email:              ${DEMO_GRAPH_CREDENTIALS.fromEmail}`);

const shutdown = () => {
  void simulator.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
