import type { QueryKey } from '@tanstack/react-query';

/** GET /api/run-status (the latest check) and GET /api/run-status/:runId (one check), both polled while a check runs. */
export const runStatusQueryKey = ['/api/run-status'] as const;

export function runStatusOfQueryKey(runId: string): QueryKey {
  return [...runStatusQueryKey, runId];
}

/** How often a running check is asked for its counts. */
export const RUN_STATUS_POLL_MS = 1_000;
