import { setTimeout as sleep } from 'node:timers/promises';

const RETRY_EVERY_MS = 1_000;

/**
 * Repeats a ledger write that failed (the database restarting, a lost connection) every second for
 * up to `withinMs`, then throws its last error. Used where giving up loses knowledge nobody else
 * has: Graph's answer to a send, or that a claimed row never reached Graph. `withinMs` is what is
 * left of the row's lease, after which recovery would judge the row without that knowledge.
 */
export async function retryLedgerWrite<T>(write: () => Promise<T>, withinMs: number): Promise<T> {
  const giveUpAt = Date.now() + withinMs;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() + RETRY_EVERY_MS > giveUpAt) throw error;
      await sleep(RETRY_EVERY_MS);
    }
  }
}
