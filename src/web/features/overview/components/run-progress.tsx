import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon } from 'lucide-react';
import type { RunStatus } from '../../../../shared/api/run-status';
import { runProgressText } from '../utils/run-progress-text';

/** Run Now's live progress: one line of counts under the actions, and the summary at the end. */
export function RunProgress({ run }: { run: RunStatus }) {
  const { title, counts, summary } = runProgressText(run);
  const Icon = !run.done ? LoaderCircleIcon : run.status === 'failed' || run.status === 'interrupted' || run.failed > 0 ? CircleXIcon : CircleCheckIcon;
  return (
    <div role="status" aria-label="Run progress" data-done={run.done} className="grid basis-full gap-1 rounded-lg border bg-muted/30 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium [&_svg]:size-4">
        <Icon className={run.done ? undefined : 'animate-spin'} aria-hidden />
        {title}
      </p>
      <p className="text-muted-foreground">{counts}</p>
      {summary && <p>{summary}</p>}
    </div>
  );
}
