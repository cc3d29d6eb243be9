import { desc, eq } from 'drizzle-orm';
import type { BillingHistoryItem } from '../../shared/api/billing.js';
import { PLANS } from '../../shared/domain/plans.js';
import { formatDateUs } from '../../shared/domain/us-format.js';
import type { Database } from '../db/client.js';
import { billingPayments } from '../db/schema/index.js';

type PaymentRow = typeof billingPayments.$inferSelect;

const HISTORY_STATUS = { completed: 'paid', refunded: 'refunded', partially_refunded: 'partially_refunded' } as const;

/** 'Passwatch Monthly plan, 3/1/2025 - 4/1/2025' */
export function paymentDescription(payment: Pick<PaymentRow, 'plan' | 'periodStart' | 'periodEnd'>): string {
  return `Passwatch ${PLANS[payment.plan].name} plan, ${formatDateUs(payment.periodStart)} - ${formatDateUs(payment.periodEnd)}`;
}

/** GET /api/billing-history: the organization's recorded payments, newest first. */
export async function listBillingHistory(db: Database, tenantId: string): Promise<BillingHistoryItem[]> {
  const rows = await db.select().from(billingPayments).where(eq(billingPayments.tenantId, tenantId)).orderBy(desc(billingPayments.paidAt));
  return rows.map((row) => ({
    id: row.id,
    date: row.paidAt.toISOString(),
    description: paymentDescription(row),
    amount: row.amountCents / 100,
    currency: row.currency,
    status: HISTORY_STATUS[row.status],
    invoiceNumber: row.invoiceNumber,
    invoiceUrl: `/api/download-invoice/${row.id}`,
  }));
}
