/**
 * The simulator's business clock: the wall clock plus an offset the control API can move forward,
 * so a test can jump a month ahead and see renewals. Transport details (token lifetime, webhook
 * transmission time) stay on the wall clock, because the app talking to the simulator does not
 * travel in time with it.
 */
export interface SimulatorClock {
  now(): Date;
  wallNow(): Date;
  /** How far the simulated clock runs ahead of the wall clock. */
  offsetMs(): number;
  advanceBy(milliseconds: number): Date;
  setTo(instant: Date): Date;
  reset(): void;
}

/** `initialOffsetMs` resumes a clock that was moved before a restart. */
export function createSimulatorClock(wall: () => Date, initialOffsetMs = 0): SimulatorClock {
  let offsetMs = initialOffsetMs;
  const now = () => new Date(wall().getTime() + offsetMs);
  return {
    now,
    wallNow: wall,
    offsetMs: () => offsetMs,
    advanceBy(milliseconds) {
      offsetMs += milliseconds;
      return now();
    },
    setTo(instant) {
      offsetMs = instant.getTime() - wall().getTime();
      return now();
    },
    reset() {
      offsetMs = 0;
    },
  };
}

/** PayPal resource timestamps: RFC 3339 UTC without fractional seconds. */
export function paypalTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
