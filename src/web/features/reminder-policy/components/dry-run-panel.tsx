import { useState } from 'react';
import { DRY_RUN_DAYS, DRY_RUN_ROWS_PER_DAY, type DryRun } from '../../../../shared/api/reminder-policy';
import { languageName } from '../../../../shared/domain/languages';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDryRun } from '../api/reminder-policy';
import { basedOnText } from '../utils/based-on';
import { describeThreshold } from '../utils/day-list';

/** Where a reminder's wording comes from (shared/domain/template-variant.ts). */
const WORDING_SOURCE_LABELS: Record<DryRun['days'][number]['reminders'][number]['wordingSource'], string> = {
  organization: 'own wording',
  built_in: 'built-in wording',
  default_language: 'default language',
};

/**
 * Configuration > Dry run: who the scheduled checks of the next 14 days would mail, projected
 * with the check's own rules from the latest check's users table. Nothing is sent.
 */
export function DryRunPanel() {
  const [asked, setAsked] = useState(false);
  const { data, error, isFetching, refetch } = useDryRun(asked);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Dry run</h2>
        </CardTitle>
        <CardDescription>Who the scheduled checks of the next {DRY_RUN_DAYS} days would email, and with which wording. Nothing is sent.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <Button type="button" variant="outline" disabled={isFetching} onClick={() => (asked ? void refetch() : setAsked(true))}>
            {isFetching ? 'Projecting...' : asked ? 'Run Dry Run Again' : 'Show Dry Run'}
          </Button>
        </div>
        {error && <LoadErrorAlert title="Unable to run the dry run" error={error} onRetry={() => void refetch()} />}
        {isFetching && !data && <Spinner className="size-6" label="Projecting the coming checks" />}
        {data && <DryRunResult dryRun={data} />}
      </CardContent>
    </Card>
  );
}

function DryRunResult({ dryRun }: { dryRun: DryRun }) {
  const total = dryRun.days.reduce((sum, day) => sum + day.total, 0);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{basedOnText(dryRun.basedOn, dryRun.timeZone)}</p>
      {!dryRun.automationEnabled && <p className="text-sm font-medium">Automation is off: scheduled checks send nothing until it is enabled.</p>}
      <p className="text-sm" aria-live="polite">
        {total.toLocaleString('en-US')} {total === 1 ? 'reminder' : 'reminders'} in the next {dryRun.days.length} days.
      </p>
      <Table aria-label="Dry run">
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>User</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Reminder</TableHead>
            <TableHead>Template</TableHead>
            <TableHead>Language</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {dryRun.days.flatMap((day) => [
            ...day.reminders.map((reminder) => (
              <TableRow key={`${day.date}-${reminder.graphUserId}`}>
                <TableCell>{formatDateUs(day.date)}</TableCell>
                <TableCell>{reminder.displayName}</TableCell>
                <TableCell>{reminder.recipient}</TableCell>
                <TableCell>{describeThreshold(reminder.threshold)}</TableCell>
                <TableCell>
                  <Badge variant={reminder.wording === 'after_expiry' ? 'destructive' : 'secondary'}>
                    {reminder.wording === 'after_expiry' ? 'After expiry' : 'Reminder'}
                  </Badge>
                </TableCell>
                <TableCell>
                  {languageName(reminder.language)}
                  <span className="text-muted-foreground"> · {WORDING_SOURCE_LABELS[reminder.wordingSource]}</span>
                </TableCell>
              </TableRow>
            )),
            ...(day.total > day.reminders.length
              ? [
                  <TableRow key={`${day.date}-more`}>
                    <TableCell>{formatDateUs(day.date)}</TableCell>
                    <TableCell colSpan={5} className="text-muted-foreground">
                      and {(day.total - day.reminders.length).toLocaleString('en-US')} more (the first {DRY_RUN_ROWS_PER_DAY} of each day are listed)
                    </TableCell>
                  </TableRow>,
                ]
              : []),
          ])}
          {total === 0 && (
            <TableRow>
              <TableCell colSpan={6} className="text-muted-foreground">
                No reminders in the next {dryRun.days.length} days.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
