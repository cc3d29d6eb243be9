// Demo module: starts the simulators and points the production clients at them.
export { startDemoServices } from './demo-services.js';
export { startSimulatedConnector } from './simulated-connector.js';
