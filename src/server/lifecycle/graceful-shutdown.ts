/** Time in-flight work (HTTP requests, running jobs, sends) gets to finish or be handed back. */
export const WORK_GRACE_MS = 10_000;
/** Time closing the services and the database may take once the work has stopped. */
const CLOSE_GRACE_MS = 5_000;

/** One thing to stop, named for the log when it does not stop in time. */
export interface ShutdownStep {
  name: string;
  stop(): Promise<void>;
}

export interface ShutdownPlan {
  /** Stopped together first: they stop taking work and finish (or hand back) what is in flight. */
  work: ShutdownStep[];
  /** Stopped in order once the work has stopped (the database last). */
  services: ShutdownStep[];
}

/** Resolves true when `step` stopped within `ms`; a failure or a timeout is logged and resolves false. */
async function stopWithin(step: ShutdownStep, ms: number, log: (message: string) => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    const stopped = await Promise.race([step.stop().then(() => true as const), timeout]);
    if (!stopped) log(`${step.name} did not stop within ${ms / 1000} s; leaving it`);
    return stopped;
  } catch (error) {
    log(`${step.name} failed to stop: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a shutdown plan within bounded time: the work steps together (each within WORK_GRACE_MS),
 * then the services one after another (each within CLOSE_GRACE_MS). Resolves true when every step
 * stopped cleanly; never rejects, so the caller always gets to decide the exit.
 */
export async function runShutdown(
  plan: ShutdownPlan,
  log: (message: string) => void,
  grace = { workMs: WORK_GRACE_MS, closeMs: CLOSE_GRACE_MS },
): Promise<boolean> {
  const work = await Promise.all(plan.work.map((step) => stopWithin(step, grace.workMs, log)));
  let clean = work.every(Boolean);
  for (const step of plan.services) clean = (await stopWithin(step, grace.closeMs, log)) && clean;
  return clean;
}

/**
 * Thrown by a start that notices a stop was asked for while it ran: the start stops there, and the
 * shutdown, run once, stops what had started.
 */
export class StartAborted extends Error {
  constructor() {
    super('start-up stopped by a signal');
  }
}
