// On-premises module: Passwatch Connector enrolment and snapshot ingest, and the on-premises side
// of a password check (docs/domain.md §Hybrid directories).
export { createConnector, revokeConnector } from './connectors.js';
export { previewOnPremisesInputs, startOnPremisesCheck } from './on-premises-check.js';
export { registerOnPremisesRoutes } from './routes.js';
