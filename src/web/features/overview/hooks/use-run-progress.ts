import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { latestRunStatusQueryOptions, RUN_STATUS_POLL_MS, runStatusQueryOptions } from '../api/get-run-status';

interface Following {
  /** The latest check before Run Now: not the one to show. */
  previousRunId: string | null;
  /** The check Run Now started, once the latest check is a new one. */
  runId: string | null;
}

/**
 * Follows the check Run Now starts. POST /api/run-check answers only once the directory has been
 * read, so meanwhile the latest check is polled until a new one shows up; then that check is
 * polled by id until its reminders are sent.
 */
export function useRunProgress() {
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState<Following | null>(null);
  const latest = useQuery({
    ...latestRunStatusQueryOptions,
    enabled: following !== null && following.runId === null,
    refetchInterval: RUN_STATUS_POLL_MS,
    staleTime: 0,
  });
  const started = following && latest.data?.run && latest.data.run.id !== following.previousRunId ? latest.data.run : null;
  useEffect(() => {
    if (started) setFollowing((current) => (current && current.runId === null ? { ...current, runId: started.id } : current));
  }, [started]);
  const runId = following?.runId ?? null;
  const followed = useQuery({
    ...runStatusQueryOptions(runId ?? ''),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : RUN_STATUS_POLL_MS),
    staleTime: 0,
  });

  return {
    /** The followed check's latest counts; null before Run Now or until the check shows up. */
    run: runId !== null ? (followed.data ?? started) : started,
    /** Call before POST /api/run-check. */
    async start(): Promise<void> {
      const before = await queryClient.fetchQuery({ ...latestRunStatusQueryOptions, staleTime: 0 }).catch(() => null);
      // Without knowing the previous check, an older one could pass for this one: show none.
      setFollowing(before ? { previousRunId: before.run?.id ?? null, runId: null } : null);
    },
    /** The check did not start (the request failed): nothing to follow. */
    stop(): void {
      setFollowing(null);
    },
  };
}
