// Back to the seeded state: the demo tenants as of the clock's now, default switches, no mail.
// Hosted apps (registerApplication) stay registered, without their consents.
import { buildDemoTenants } from './demo-tenants.js';
import { addTenant, clearState, type GraphSimulatorState } from './state.js';

export function resetSimulatorState(state: GraphSimulatorState): void {
  clearState(state);
  for (const application of state.hostedApplications) state.applications.set(application.appId.toLowerCase(), application);
  if (!state.seedDemo) return;
  for (const bundle of buildDemoTenants(state.clock())) addTenant(state, bundle);
}
