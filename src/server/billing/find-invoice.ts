import { and, eq } from 'drizzle-orm';
import { billingMessages } from '../../shared/api/billing.js';
import { isGuid } from '../../shared/api/guid.js';
import type { Database } from '../db/client.js';
import { billingPayments, memberships, tenants } from '../db/schema/index.js';
import { notFound } from '../http/app-error.js';

export interface Invoice {
  payment: typeof billingPayments.$inferSelect;
  organization: { name: string; domain: string };
}

/**
 * The invoice of one payment, for an owner of its organization (billing is the owner's,
 * docs/product.md §Teams and roles). The invoice opens in a new tab,
 * which sends no x-tenant-id, so membership is checked against the invoice's own organization;
 * when the header is sent it must name that organization too. Anyone else gets 404.
 */
export async function findInvoice(db: Database, input: { paymentId: string; userId: string; tenantId: string | null }): Promise<Invoice> {
  if (!isGuid(input.paymentId)) throw notFound(billingMessages.invoiceNotFound);
  const [row] = await db
    .select({ payment: billingPayments, name: tenants.name, domain: tenants.domain })
    .from(billingPayments)
    .innerJoin(tenants, eq(tenants.id, billingPayments.tenantId))
    .innerJoin(memberships, and(eq(memberships.tenantId, billingPayments.tenantId), eq(memberships.userId, input.userId), eq(memberships.role, 'owner')))
    .where(eq(billingPayments.id, input.paymentId));
  if (!row || (input.tenantId !== null && row.payment.tenantId !== input.tenantId)) throw notFound(billingMessages.invoiceNotFound);
  return { payment: row.payment, organization: { name: row.name, domain: row.domain } };
}
