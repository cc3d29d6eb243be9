import { lazy, Suspense, useId } from 'react';
import { FORECAST_DAYS } from '../../../../shared/api/reminder-policy';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/error-message';
import { useForecast } from '../api/reminder-policy';
import { basedOnText } from '../utils/based-on';
import { forecastSummary } from '../utils/forecast-summary';

const ForecastChart = lazy(() => import('./forecast-chart'));

/** Overview > Forecast: password expiries and planned reminders per day for the next 30 days. */
export function ForecastCard() {
  const { data, error, isPending } = useForecast();
  const summaryId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Forecast</h2>
        </CardTitle>
        <CardDescription>Password expiries and planned reminders per day for the next {FORECAST_DAYS} days.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending && <Spinner className="size-6" label="Loading the forecast" />}
        {error && <p className="text-sm text-destructive">{getErrorMessage(error, 'The forecast could not be loaded.')}</p>}
        {data && (
          <figure aria-labelledby={summaryId} className="grid gap-3">
            <figcaption id={summaryId} className="text-sm">
              {forecastSummary(data.days)}
            </figcaption>
            <Suspense fallback={<Spinner className="size-6" label="Loading the chart" />}>
              <ForecastChart days={data.days} />
            </Suspense>
            <p className="text-xs text-muted-foreground">{basedOnText(data.basedOn, data.timeZone)}</p>
            <details>
              <summary className="cursor-pointer text-sm">Show the forecast as a table</summary>
              <Table aria-label="Forecast by day">
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>Passwords expiring</TableHead>
                    <TableHead>Reminders planned</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.days.map((day) => (
                    <TableRow key={day.date}>
                      <TableCell>{formatDateUs(day.date)}</TableCell>
                      <TableCell>{day.expiries.toLocaleString('en-US')}</TableCell>
                      <TableCell>{day.reminders.toLocaleString('en-US')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </details>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
