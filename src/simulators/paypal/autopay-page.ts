/**
 * The buyer's "Automatic payments" page (www.paypal.com/myaccount/autopay/), where a real
 * subscriber changes the funding source of a merchant's subscriptions. No API does that, so the
 * app sends the buyer here; the simulator lists the subscriptions and their single funding source.
 */
import type { FastifyInstance } from 'fastify';
import { priceLabel } from './approval-page.js';
import type { SimulatorContext } from './simulator-context.js';
import type { Plan } from './simulator-state.js';
import { escapeHtml } from '../shared/html.js';

export function registerAutopayPage(app: FastifyInstance, ctx: SimulatorContext): void {
  app.get('/myaccount/autopay/', async (_request, reply) => {
    const rows = [...ctx.state.subscriptions.values()]
      .filter((subscription) => subscription.status !== 'APPROVAL_PENDING')
      .map((subscription) => {
        const plan = ctx.state.plans.get(subscription.planId) as Plan | undefined;
        const price = plan ? priceLabel(plan.price.value, plan.price.currency_code, plan.frequency.interval_unit, plan.frequency.interval_count) : '';
        const merchant = subscription.applicationContext?.brand_name ?? 'Merchant';
        return `<tr><td>${escapeHtml(merchant)}</td><td>${escapeHtml(plan?.name ?? subscription.planId)}</td><td>${escapeHtml(price)}</td><td>${escapeHtml(subscription.status)}</td><td>PayPal balance (simulated)</td></tr>`;
      })
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPal Sandbox - Automatic payments</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0}
main{max-width:48rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px #0002}
.banner{color:#b45309;font-size:.85rem}table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb}
</style></head>
<body><main><p class="banner">PayPal Sandbox (simulator): no real money moves.</p><h1>Automatic payments</h1>
<p>Choose how you pay the merchants you have subscriptions with. The simulated account has one funding source.</p>
<table><thead><tr><th>Merchant</th><th>Plan</th><th>Price</th><th>Status</th><th>Pays with</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No automatic payments.</td></tr>'}</tbody></table>
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
