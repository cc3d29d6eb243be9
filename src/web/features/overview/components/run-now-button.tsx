import { LoaderCircleIcon, PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRunCheck } from '../api/run-check';
import { useRunProgress } from '../hooks/use-run-progress';
import { runNowToasts } from '../utils/overview-toasts';
import { RunProgress } from './run-progress';

/** Quick Actions' Run Now: a password check right away, reminders due included, with its live progress. */
export function RunNowButton({ disabled = false }: { disabled?: boolean }) {
  const runCheck = useRunCheck();
  const progress = useRunProgress();
  const run = async () => {
    await progress.start();
    runCheck.mutate(undefined, {
      onSuccess: (response) => toast(runNowToasts.success(response)),
      onError: (error) => {
        progress.stop();
        toast(runNowToasts.failure(error));
      },
    });
  };
  return (
    <>
      <Button disabled={disabled || runCheck.isPending} aria-busy={runCheck.isPending} onClick={() => void run()}>
        {runCheck.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <PlayIcon aria-hidden />}
        Run Now
      </Button>
      {progress.run && <RunProgress run={progress.run} />}
    </>
  );
}
