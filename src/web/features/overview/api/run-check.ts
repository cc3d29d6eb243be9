import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runCheckResponse, type RunCheckResponse } from '../../../../shared/api/dashboard';
import { requestJson } from '@/lib/api-client';
import { checkResultQueryKeys, invalidateQueries } from './overview-query-keys';

async function runCheck(): Promise<RunCheckResponse> {
  return requestJson('POST', '/api/run-check', runCheckResponse);
}

/**
 * POST /api/run-check: checks the directory now and queues the reminders due. Run Now and the
 * users table's Refresh both use it, each with its own toasts (passed to `mutate`).
 */
export function useRunCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCheck,
    // A failed check is recorded too (audit log, connection status): refresh either way.
    onSettled: () => invalidateQueries(queryClient, checkResultQueryKeys),
  });
}
