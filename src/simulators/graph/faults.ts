// The fault switches of the control API, applied to each Graph request before it is served.
import { GraphError, tooManyRequests } from './errors.js';
import type { GraphSimulatorState } from './state.js';

/** Throws the fault this request is chosen for: 503 outage, a forced 429, or a random 500. */
export function applyFaults(state: GraphSimulatorState): void {
  const { faults } = state;
  if (faults.serviceUnavailable) {
    throw new GraphError(503, 'serviceNotAvailable', 'The service is temporarily unavailable. Retry the request after the delay in the Retry-After header.', {
      'Retry-After': String(faults.retryAfterSeconds),
    });
  }
  if (faults.forceThrottle > 0) {
    faults.forceThrottle -= 1;
    throw faults.throttleWithoutRetryAfter
      ? tooManyRequests({ retryAfterSeconds: null })
      : tooManyRequests({ retryAfterSeconds: faults.retryAfterSeconds, verbatimRetryAfter: String(faults.retryAfterSeconds) });
  }
  if (faults.errorRate > 0 && state.faultRandom.next() < faults.errorRate) {
    throw new GraphError(500, 'generalException', 'General exception while processing');
  }
}
