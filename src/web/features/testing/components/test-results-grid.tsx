import type { ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon, CircleDashedIcon, CircleXIcon, LoaderCircleIcon } from 'lucide-react';
import type { TestStatus } from '../../../../shared/api/configuration';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useLatestTestRun, type LatestTestRun } from '../hooks/use-latest-test-run';
import { checkStatusLabels, overallSummaryMessage, overallTestStatus, TEST_CHECKS, type CheckDisplayStatus } from '../utils/test-summary';

const statusStyles: Record<CheckDisplayStatus, { icon: ReactNode; className: string }> = {
  success: { icon: <CircleCheckIcon aria-hidden />, className: 'border-success/40 bg-success/10 text-success-strong' },
  warning: { icon: <CircleAlertIcon aria-hidden />, className: 'border-warning/50 bg-warning/15 text-warning-strong' },
  error: { icon: <CircleXIcon aria-hidden />, className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  pending: { icon: <LoaderCircleIcon className="animate-spin" aria-hidden />, className: 'border-border bg-muted/50 text-muted-foreground' },
  idle: { icon: <CircleDashedIcon aria-hidden />, className: 'border-border bg-muted/30 text-muted-foreground' },
};

/**
 * The four checks of the latest test run and the overall verdict (docs/product.md §States); when the
 * run found the organization's admin consent removed, `reconnectButton` to give it again; when a
 * Full System Test passed every check, `automationOffer` (which shows itself only while automation is off).
 */
export function TestResultsGrid({ reconnectButton, automationOffer }: { reconnectButton?: ReactNode; automationOffer?: ReactNode }) {
  const run = useLatestTestRun();
  const consentRemoved = run.status === 'success' && run.result.connection.problem === 'consent_missing';
  const systemPassed = run.status === 'success' && run.kind === 'system' && TEST_CHECKS.every(({ key }) => run.result[key].status === 'success');
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Test Results</h2>
        </CardTitle>
        <CardDescription>The latest connection, configuration or full system test of this organization.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4" aria-busy={run.status === 'pending'}>
        <OverallSummary run={run} />
        <ul className="grid gap-3 md:grid-cols-2">
          {TEST_CHECKS.map((check) => {
            const status = checkStatusOf(run, check.key);
            const style = statusStyles[status];
            return (
              <li key={check.key} data-status={status} className={cn('grid gap-1 rounded-lg border p-4', style.className)}>
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-medium text-foreground">{check.label}</h3>
                  <span className="inline-flex items-center gap-1 text-sm font-medium [&_svg]:size-4">
                    {style.icon}
                    {checkStatusLabels[status]}
                  </span>
                </div>
                <p className="text-sm text-foreground/80">{run.status === 'success' ? run.result[check.key].message : check.description}</p>
              </li>
            );
          })}
        </ul>
        {consentRemoved && reconnectButton}
        {systemPassed && automationOffer}
      </CardContent>
    </Card>
  );
}

function checkStatusOf(run: LatestTestRun, key: (typeof TEST_CHECKS)[number]['key']): CheckDisplayStatus {
  if (run.status === 'success') return run.result[key].status;
  if (run.status === 'pending') return 'pending';
  return 'idle';
}

const summaryTitles: Record<TestStatus, string> = { success: 'Ready', warning: 'Review warnings', error: 'Errors found' };

function OverallSummary({ run }: { run: LatestTestRun }) {
  if (run.status === 'idle') return <p className="text-sm text-muted-foreground">No test has run yet. Start a connection test or the full system test.</p>;
  if (run.status === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
        Running the checks against your tenant…
      </p>
    );
  }
  if (run.status === 'error') {
    return (
      <Alert variant="destructive">
        <AlertTitle>The test could not run</AlertTitle>
        <AlertDescription>{getErrorMessage(run.error, 'Configuration test failed')}</AlertDescription>
      </Alert>
    );
  }
  const overall = overallTestStatus(run.result);
  const style = statusStyles[overall];
  return (
    <div role="status" data-status={overall} className={cn('flex items-start gap-3 rounded-lg border p-4 [&_svg]:mt-0.5 [&_svg]:size-5', style.className)}>
      {style.icon}
      <div>
        <p className="font-medium">{summaryTitles[overall]}</p>
        <p className="text-sm">{overallSummaryMessage(run.result)}</p>
      </div>
    </div>
  );
}
