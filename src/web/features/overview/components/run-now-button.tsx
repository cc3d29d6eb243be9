import { LoaderCircleIcon, PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRunCheck } from '../api/run-check';
import { runNowToasts } from '../utils/overview-toasts';

/** Quick Actions' Run Now: a password check right away, reminders due included. */
export function RunNowButton() {
  const runCheck = useRunCheck();
  return (
    <Button
      disabled={runCheck.isPending}
      aria-busy={runCheck.isPending}
      onClick={() =>
        runCheck.mutate(undefined, {
          onSuccess: (response) => toast(runNowToasts.success(response)),
          onError: (error) => toast(runNowToasts.failure(error)),
        })
      }
    >
      {runCheck.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <PlayIcon aria-hidden />}
      Run Now
    </Button>
  );
}
