import { eq, inArray, sql } from 'drizzle-orm';
import type { PlanId } from '../../shared/domain/plans.js';
import { billingPayments } from '../db/schema/index.js';
import type { Transaction } from './billing-lock.js';
import { periodEndAfter } from './billing-period.js';
import type { PayPalTransaction } from '../integrations/paypal/index.js';

type PaymentStatus = (typeof billingPayments.$inferSelect)['status'];

// Transactions that took money (or gave it back); PENDING and DECLINED ones never did. One without
// a status (PayPal's schema allows it) is left for a later sync that says what became of it.
const RECORDED_STATUSES: Readonly<Record<string, PaymentStatus>> = {
  COMPLETED: 'completed',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'partially_refunded',
};

/** "35.00" -> 3500 */
function toCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * Records PayPal's transactions of one subscription as the organization's payments: new ones get
 * the next invoice number, known ones only a new status (a refund). Runs under the billing lock,
 * and inserts only unknown transactions, so invoice numbers have no gaps from conflicts.
 */
export async function recordPayments(
  tx: Transaction,
  target: { tenantId: string; paypalSubscriptionId: string; plan: PlanId },
  transactions: readonly PayPalTransaction[],
): Promise<void> {
  const recorded = transactions.flatMap((transaction) => {
    const status = transaction.status === undefined ? undefined : RECORDED_STATUSES[transaction.status];
    return status === undefined ? [] : [{ ...transaction, status }];
  });
  if (recorded.length === 0) return;
  const known = await tx
    .select({ transactionId: billingPayments.paypalTransactionId, status: billingPayments.status })
    .from(billingPayments)
    .where(
      inArray(
        billingPayments.paypalTransactionId,
        recorded.map((transaction) => transaction.id),
      ),
    );
  const knownStatus = new Map(known.map((row) => [row.transactionId, row.status]));

  const ordered = [...recorded].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  for (const transaction of ordered) {
    const { status } = transaction;
    const previous = knownStatus.get(transaction.id);
    if (previous === status) continue;
    if (previous !== undefined) {
      await tx.update(billingPayments).set({ status }).where(eq(billingPayments.paypalTransactionId, transaction.id));
      continue;
    }
    const paidAt = new Date(transaction.time);
    const gross = transaction.amount_with_breakdown.gross_amount;
    await tx.insert(billingPayments).values({
      tenantId: target.tenantId,
      paypalSubscriptionId: target.paypalSubscriptionId,
      paypalTransactionId: transaction.id,
      invoiceNumber: sql`'PW-' || ${String(paidAt.getUTCFullYear())} || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
      plan: target.plan,
      amountCents: toCents(gross.value),
      currency: gross.currency_code,
      status,
      paidAt,
      periodStart: paidAt,
      periodEnd: periodEndAfter(paidAt, target.plan),
    });
  }
}
