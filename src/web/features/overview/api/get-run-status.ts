import { queryOptions } from '@tanstack/react-query';
import { latestRunStatusSchema, runStatusSchema } from '../../../../shared/api/run-status';
import { getJson } from '@/lib/api-client';

/** GET /api/run-status (the latest check) and GET /api/run-status/:runId (one check), both polled while a check runs. */
const runStatusQueryKey = ['/api/run-status'] as const;

export const latestRunStatusQueryOptions = queryOptions({
  queryKey: runStatusQueryKey,
  queryFn: ({ signal }) => getJson('/api/run-status', latestRunStatusSchema, signal),
});

export function runStatusQueryOptions(runId: string) {
  return queryOptions({
    queryKey: [...runStatusQueryKey, runId],
    queryFn: ({ signal }) => getJson(`/api/run-status/${encodeURIComponent(runId)}`, runStatusSchema, signal),
  });
}

/** How often a running check is asked for its counts. */
export const RUN_STATUS_POLL_MS = 1_000;
