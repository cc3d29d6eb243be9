import { ExternalLinkIcon } from 'lucide-react';
import type { BillingHistoryItem } from '../../../../shared/api/billing';
import { formatDateUs, formatUsd } from '../../../../shared/domain/us-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/error-message';
import { useBillingHistory } from '../api/get-billing-history';

const REFUND_LABELS: Partial<Record<BillingHistoryItem['status'], string>> = {
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

/** Account Settings > Billing: the organization's payments with a printable invoice each. */
export function BillingHistoryCard() {
  const { data: history, error } = useBillingHistory();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Billing History</h2>
        </CardTitle>
        <CardDescription>Payments for the selected organization. Invoices open in a new tab.</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>Unable to load billing history</AlertTitle>
            <AlertDescription>{getErrorMessage(error, 'Please try again.')}</AlertDescription>
          </Alert>
        ) : !history ? (
          <Spinner label="Loading billing history" />
        ) : history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        ) : (
          <BillingHistoryTable history={history} />
        )}
      </CardContent>
    </Card>
  );
}

function BillingHistoryTable({ history }: { history: readonly BillingHistoryItem[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Description</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Invoice</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {history.map((item) => {
          const refundLabel = REFUND_LABELS[item.status];
          return (
            <TableRow key={item.id}>
              <TableCell className="whitespace-nowrap">{formatDateUs(item.date)}</TableCell>
              <TableCell>
                {item.description}
                {refundLabel && (
                  <Badge variant="warning" className="ml-2">
                    {refundLabel}
                  </Badge>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatUsd(item.amount)}</TableCell>
              <TableCell className="text-right">
                <a
                  href={item.invoiceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                >
                  {item.invoiceNumber}
                  <ExternalLinkIcon className="size-3.5" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
