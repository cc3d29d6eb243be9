import { createHash } from 'node:crypto';
import { formatDateUs } from '../../shared/domain/us-format.js';
import { paymentDescription } from './billing-history.js';
import type { Invoice } from './find-invoice.js';
import { escapeHtml } from '../../shared/domain/escape-html.js';

const PRINT_SCRIPT = "document.getElementById('print').addEventListener('click', function () { window.print(); });";
/** Only this script may run on the page; everything shown comes from the database, escaped. */
export const INVOICE_CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${createHash('sha256').update(PRINT_SCRIPT).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const STATUS_TEXT = { completed: 'Paid', refunded: 'Refunded', partially_refunded: 'Partially refunded' } as const;

function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** The printable invoice of one payment: a self-contained page with a Print button and print CSS. */
export function renderInvoicePage(invoice: Invoice, seller: { supportEmail: string }): string {
  const { payment, organization } = invoice;
  const amount = formatMoney(payment.amountCents, payment.currency);
  const status = STATUS_TEXT[payment.status];
  const rows: [string, string][] = [
    ['Invoice number', payment.invoiceNumber],
    ['Invoice date', formatDateUs(payment.paidAt)],
    ['Status', status],
    ['PayPal transaction ID', payment.paypalTransactionId],
    ['PayPal subscription ID', payment.paypalSubscriptionId],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(payment.invoiceNumber)} - Passwatch</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; margin: 0; background: #f3f4f6; }
  main { max-width: 760px; margin: 32px auto; background: #fff; padding: 48px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.1); }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; }
  h1 { margin: 0 0 4px; font-size: 28px; }
  h2 { font-size: 14px; text-transform: uppercase; letter-spacing: .05em; color: #6b7280; margin: 32px 0 8px; }
  .muted { color: #6b7280; }
  .status { display: inline-block; padding: 2px 10px; border-radius: 999px; font-size: 13px; font-weight: 600; background: #dcfce7; color: #166534; }
  .status.refunded, .status.partially_refunded { background: #fee2e2; color: #991b1b; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 24px; margin: 0; }
  dt { color: #6b7280; }
  dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; margin-top: 8px; }
  th, td { text-align: left; padding: 10px 0; border-bottom: 1px solid #e5e7eb; }
  th:last-child, td:last-child { text-align: right; }
  tfoot td { font-weight: 700; border-bottom: none; }
  button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 1px solid #d1d5db; background: #111827; color: #fff; cursor: pointer; }
  footer { margin-top: 40px; font-size: 13px; }
  @media print {
    body { background: #fff; }
    main { margin: 0; padding: 0; box-shadow: none; max-width: none; }
    .no-print { display: none; }
  }
</style>
</head>
<body>
<main>
  <header>
    <div>
      <h1>Invoice</h1>
      <div class="muted">Passwatch &middot; ${escapeHtml(seller.supportEmail)}</div>
    </div>
    <div class="no-print"><button type="button" id="print">Print</button></div>
  </header>

  <h2>Details</h2>
  <dl>
${rows.map(([label, value]) => `    <dt>${label}</dt><dd>${label === 'Status' ? `<span class="status ${payment.status}">${escapeHtml(value)}</span>` : escapeHtml(value)}</dd>`).join('\n')}
  </dl>

  <h2>Billed to</h2>
  <div>${escapeHtml(organization.name)}</div>
  <div class="muted">${escapeHtml(organization.domain)}</div>

  <h2>Items</h2>
  <table>
    <thead><tr><th>Description</th><th>Amount (${escapeHtml(payment.currency)})</th></tr></thead>
    <tbody><tr><td>${escapeHtml(paymentDescription(payment))}</td><td>${amount}</td></tr></tbody>
    <tfoot><tr><td>Total</td><td>${amount}</td></tr></tfoot>
  </table>
  ${payment.status === 'completed' ? '' : `<p><strong>${escapeHtml(status)}:</strong> this payment was returned to the payer through PayPal.</p>`}

  <footer class="muted">Paid through PayPal. Period: ${formatDateUs(payment.periodStart)} - ${formatDateUs(payment.periodEnd)}.</footer>
</main>
<script>${PRINT_SCRIPT}</script>
</body>
</html>
`;
}
