import type { FastifyBaseLogger } from 'fastify';
import { acquireDrainLease, releaseDrainLease, renewDrainLease, tenantsToDrain } from './drain-lease.js';
import { drainTenant } from './drain-tenant.js';
import { recoverStaleEmails } from './email-ledger.js';
import type { SendDeps } from './deliver-email.js';

export interface DrainLoopOptions {
  /** How long one drain sends before it starts over (re-reading the connection and the template). */
  drainSliceMs: number;
  /** A pacing wait longer than this ends a drain; the sweep resumes the mail when it is due. */
  maxDrainWaitMs: number;
  /** Drains running at once in this instance (each for a different organization). */
  drainWorkers: number;
  /** How often this instance looks for organizations with due mail and no live drain. */
  sweepIntervalMs: number;
  /** How long a drain lease lasts unrenewed (renewed three times per period). */
  leaseMs: number;
}

/** Time a graceful stop gives the sends in flight to get Graph's answer and record it. */
const DRAIN_STOP_GRACE_MS = 10_000;

interface RunningDrain {
  /** Asked again while draining: drain once more before giving the lease back. */
  again: boolean;
  stop: AbortController;
  done: Promise<void>;
}

/**
 * Drains organizations' queued mail in this instance, each under a lease in PostgreSQL (drain-lease.ts)
 * renewed every few seconds. A request for an organization another live instance drains is left
 * to it; when that instance dies its lease lapses, and the sweep of any instance takes over.
 * Started by the job runner (registerAutomationJobs); without it, requests only log (the mail waits
 * in the ledger for an instance that sends). `stop` is for graceful shutdown.
 */
export class DrainRequests {
  private loop: { deps: SendDeps; log: FastifyBaseLogger; options: DrainLoopOptions; sweep: NodeJS.Timeout } | null = null;
  private readonly running = new Map<string, RunningDrain>();
  private readonly waiting = new Set<string>();
  private stopping = false;

  constructor(private readonly onDetached: (tenantId: string) => void) {}

  start(deps: SendDeps, log: FastifyBaseLogger, options: DrainLoopOptions): void {
    if (this.loop) return;
    this.stopping = false;
    const sweep = setInterval(() => void this.sweep(), options.sweepIntervalMs);
    sweep.unref();
    this.loop = { deps, log, options, sweep };
    void this.sweep();
  }

  async request(tenantId: string): Promise<void> {
    if (!this.loop) {
      // No sending loop in this process: queued mail waits for one (it is not lost).
      this.onDetached(tenantId);
      return;
    }
    if (this.stopping) return;
    const running = this.running.get(tenantId);
    if (running) {
      running.again = true;
      return;
    }
    if (this.running.size >= this.loop.options.drainWorkers) {
      this.waiting.add(tenantId);
      return;
    }
    this.launch(tenantId);
  }

  /**
   * Graceful stop: claims no more mail, lets the sends in flight finish and record their outcome
   * (up to `graceMs`), and gives every lease back so another instance takes over at once.
   */
  async stop(graceMs = DRAIN_STOP_GRACE_MS): Promise<void> {
    const loop = this.loop;
    if (!loop || this.stopping) return;
    this.stopping = true;
    clearInterval(loop.sweep);
    this.waiting.clear();
    for (const drain of this.running.values()) drain.stop.abort();
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
    const outcome = await Promise.race([Promise.all([...this.running.values()].map((drain) => drain.done)), graceOver]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      // Rows still in flight keep their own lease in the ledger: whoever takes over never sends them twice.
      loop.log.warn({ organizations: [...this.running.keys()] }, 'sends still in flight after the grace period: leases given back anyway');
      for (const tenantId of this.running.keys()) await releaseQuietly(loop, tenantId);
    }
    this.loop = null;
  }

  /**
   * Reports mail whose worker died mid-send (its row lease ran out; a drain that took over may have
   * started before that), then drains organizations with due mail and no live drain.
   */
  private async sweep(): Promise<void> {
    const loop = this.loop;
    if (!loop || this.stopping) return;
    try {
      await recoverStaleEmails(loop.deps.db, loop.deps.clock());
      for (const tenantId of await tenantsToDrain(loop.deps.db, loop.deps.clock())) await this.request(tenantId);
    } catch (error) {
      loop.log.error({ err: error }, 'looking for mail to send failed; retried at the next sweep');
    }
  }

  private launch(tenantId: string): void {
    const drain: RunningDrain = { again: false, stop: new AbortController(), done: Promise.resolve() };
    this.running.set(tenantId, drain);
    drain.done = this.drainUnderLease(tenantId, drain).finally(() => {
      this.running.delete(tenantId);
      const next = this.waiting.values().next();
      if (!next.done) {
        this.waiting.delete(next.value);
        void this.request(next.value);
      }
    });
  }

  private async drainUnderLease(tenantId: string, drain: RunningDrain): Promise<void> {
    const { deps, log, options } = this.loop!;
    const holder = deps.send.workerId;
    let heartbeat: NodeJS.Timeout | undefined;
    try {
      const grant = await acquireDrainLease(deps.db, tenantId, holder, deps.clock(), options.leaseMs);
      // A live instance drains this organization: the mail is in its hands.
      if (!grant.acquired) return;
      if (grant.tookOverFrom !== null)
        log.warn({ tenantId, previousHolder: grant.tookOverFrom }, 'took over the mail of an instance that stopped renewing its drain lease');
      // A slice claims nothing after its deadline, and then waits at most a pacing pause and its
      // sends in flight (each bounded by the row's lease). Past that the drain is stuck (a call that
      // never returns): it stops renewing, so another instance takes over once the lease lapses.
      const stuckAfterMs = options.drainSliceMs + options.maxDrainWaitMs + deps.send.leaseMs;
      let sliceStartedAt = deps.clock().getTime();
      heartbeat = setInterval(() => {
        if (deps.clock().getTime() - sliceStartedAt > stuckAfterMs) {
          if (!drain.stop.signal.aborted) log.error({ tenantId, stuckAfterMs }, 'drain stuck: its lease is left to lapse so another instance takes over');
          drain.stop.abort();
          return;
        }
        renewDrainLease(deps.db, tenantId, holder, deps.clock(), options.leaseMs).then(
          (held) => {
            if (held) return;
            log.warn({ tenantId }, 'drain lease lost to another instance: this drain stops claiming mail');
            drain.stop.abort();
          },
          (error: unknown) => log.warn({ err: error, tenantId }, 'drain lease not renewed; retried at the next heartbeat'),
        );
      }, options.leaseMs / 3);
      do {
        sliceStartedAt = deps.clock().getTime();
        drain.again = false;
        const result = await drainTenant(deps, tenantId, {
          deadline: new Date(deps.clock().getTime() + options.drainSliceMs),
          maxWaitMs: options.maxDrainWaitMs,
          signal: drain.stop.signal,
        });
        if (result.sent + result.failed + result.deferred > 0) log.info({ tenantId, ...result }, 'mail drained');
        if (result.unfinished) drain.again = true;
      } while (drain.again && !drain.stop.signal.aborted);
    } catch (error) {
      // The database went away, most likely: the sweep starts a new drain once it is back.
      log.error({ err: error, tenantId }, 'drain stopped on an error; resumed by the next sweep');
    } finally {
      clearInterval(heartbeat);
      await releaseQuietly({ deps, log }, tenantId);
    }
  }
}

async function releaseQuietly(loop: { deps: SendDeps; log: FastifyBaseLogger }, tenantId: string): Promise<void> {
  await releaseDrainLease(loop.deps.db, tenantId, loop.deps.send.workerId).catch((error: unknown) =>
    loop.log.warn({ err: error, tenantId }, 'drain lease not released; it lapses on its own'),
  );
}
