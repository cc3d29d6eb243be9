/** The buyer's PayPal page behind a subscription's `approve` link. */
import { escapeHtml } from '../shared/html.js';

export interface ApprovalPageContent {
  approvalToken: string;
  merchantName: string;
  planName: string;
  /** e.g. "$35.00 USD every month" */
  priceLabel: string;
  kind: 'subscribe' | 'revise';
  /** Set when the link can no longer be approved; the page then explains why and offers no buttons. */
  closedReason?: string;
}

export function priceLabel(value: string, currencyCode: string, unit: string, count: number): string {
  const period = unit.toLowerCase();
  const every = count === 1 ? period : `${count} ${period}s`;
  return `$${value} ${currencyCode} every ${every}`;
}

export function renderApprovalPage(content: ApprovalPageContent): string {
  const heading = content.kind === 'revise' ? 'Approve plan change' : 'Approve subscription';
  const token = escapeHtml(content.approvalToken);
  const decision = content.closedReason
    ? `<p role="status">${escapeHtml(content.closedReason)}</p>`
    : `<form method="post" action="/webapps/billing/subscriptions/approve">
        <input type="hidden" name="ba_token" value="${token}">
        <button type="submit" class="primary">Approve</button>
      </form>
      <form method="post" action="/webapps/billing/subscriptions/cancel">
        <input type="hidden" name="ba_token" value="${token}">
        <button type="submit">Cancel</button>
      </form>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>PayPal Sandbox - ${heading}</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f5f7fa; margin: 0; }
    main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 1px 4px #0002; }
    .banner { color: #b45309; font-size: .85rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
    dt { color: #555; }
    form { display: inline; }
    button { font-size: 1rem; padding: .6rem 1.4rem; border-radius: 999px;
      border: 1px solid #0070ba; background: #fff; color: #0070ba; cursor: pointer; margin-right: .5rem; }
    button.primary { background: #0070ba; color: #fff; }
  </style>
</head>
<body>
  <main>
    <p class="banner">PayPal Sandbox (simulator): no real money moves.</p>
    <h1>${heading}</h1>
    <dl>
      <dt>Merchant</dt><dd>${escapeHtml(content.merchantName)}</dd>
      <dt>Plan</dt><dd>${escapeHtml(content.planName)}</dd>
      <dt>Price</dt><dd>${escapeHtml(content.priceLabel)}</dd>
    </dl>
    ${decision}
  </main>
</body>
</html>
`;
}
