// Back to the seeded state: the demo tenants as of the clock's now, default switches, no mail.
import { buildDemoTenants } from './demo-tenants.js';
import { addTenant, clearState, type GraphSimulatorState } from './state.js';

export function resetSimulatorState(state: GraphSimulatorState): void {
  clearState(state);
  if (!state.seedDemo) return;
  for (const bundle of buildDemoTenants(state.clock())) addTenant(state, bundle);
}
