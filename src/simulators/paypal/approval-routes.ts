/** The buyer side: the approval page and its Approve / Cancel buttons. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { priceLabel, renderApprovalPage } from './approval-page.js';
import type { SimulatorContext } from './simulator-context.js';
import type { Approval, Plan } from './simulator-state.js';
import { approve, decline, isApprovalOpen } from './subscription-lifecycle.js';

const APPROVAL_PATH = '/webapps/billing/subscriptions';

function sendHtml(reply: FastifyReply, statusCode: number, html: string) {
  return reply.code(statusCode).type('text/html; charset=utf-8').send(html);
}

function simpleMessagePage(title: string, message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal Sandbox - ` +
    `${title}</title></head><body><main><h1>${title}</h1><p>${message}</p></main></body></html>`
  );
}

/** Without a return or cancel URL PayPal keeps the buyer on its own page. */
function redirectOrConfirm(reply: FastifyReply, location: string | undefined, title: string, message: string) {
  if (location) return reply.redirect(location, 302);
  return sendHtml(reply, 200, simpleMessagePage(title, message));
}

export function registerApprovalRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  const approvalFrom = (token: unknown): Approval | undefined => (typeof token === 'string' ? ctx.state.approvals.get(token) : undefined);
  const unknownLink = (reply: FastifyReply) => sendHtml(reply, 404, simpleMessagePage('Link expired', 'This approval link is not valid.'));

  app.get<{ Querystring: { ba_token?: string } }>(APPROVAL_PATH, async (request, reply) => {
    const approval = approvalFrom(request.query.ba_token);
    if (!approval) return unknownLink(reply);
    const plan = ctx.state.plans.get(approval.planId) as Plan;
    const subscription = ctx.state.subscriptions.get(approval.subscriptionId);
    const open = isApprovalOpen(ctx, approval);
    return sendHtml(
      reply,
      200,
      renderApprovalPage({
        approvalToken: approval.token,
        merchantName: subscription?.applicationContext?.brand_name ?? 'Merchant',
        planName: plan.name,
        priceLabel: priceLabel(plan.price.value, plan.price.currency_code, plan.frequency.interval_unit, plan.frequency.interval_count),
        kind: approval.kind,
        ...(open ? {} : { closedReason: `This request can no longer be approved (subscription status ${subscription?.status ?? 'unknown'}).` }),
      }),
    );
  });

  app.post<{ Body: { ba_token?: string } | undefined }>(`${APPROVAL_PATH}/approve`, async (request, reply) => {
    const approval = approvalFrom(request.body?.ba_token);
    if (!approval) return unknownLink(reply);
    if (approval.outcome !== 'approved' && !isApprovalOpen(ctx, approval)) {
      return sendHtml(reply, 409, simpleMessagePage('Not approved', 'This request can no longer be approved.'));
    }
    return redirectOrConfirm(reply, approve(ctx, approval), 'Approved', 'You approved the subscription. You can close this page.');
  });

  app.post<{ Body: { ba_token?: string } | undefined }>(`${APPROVAL_PATH}/cancel`, async (request, reply) => {
    const approval = approvalFrom(request.body?.ba_token);
    if (!approval) return unknownLink(reply);
    return redirectOrConfirm(reply, decline(approval), 'Cancelled', 'You cancelled. Nothing was changed.');
  });
}
