import type { FastifyInstance } from 'fastify';
import { billingMessages } from '../../shared/api/billing.js';
import { allow } from '../auth/index.js';
import { badRequest } from '../http/app-error.js';
import type { BillingServices } from './billing-services.js';
import { handleWebhookEvent } from './handle-webhook-event.js';
import { paypalWebhookEvent } from '../integrations/paypal/index.js';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /api/paypal/webhook. The signature covers the exact bytes PayPal sent, so this route (and
 * only this one, in its own plugin scope) receives the body unparsed. A bad signature answers 400
 * before anything is stored.
 */
export async function registerWebhookRoute(app: FastifyInstance, billing: BillingServices): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // PayPal's events are a few kilobytes; anyone may post here, so no more is read.
    scope.post('/api/paypal/webhook', { ...allow('public'), bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!(await billing.webhookVerifier.verify(request.headers, rawBody))) {
        request.log.warn({ transmissionId: request.headers['paypal-transmission-id'] }, 'PayPal webhook refused: bad signature');
        throw badRequest(billingMessages.webhookSignatureInvalid);
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest('Webhook body is not valid JSON');
      }
      const event = paypalWebhookEvent.safeParse(json);
      if (!event.success) throw badRequest('Webhook body is not a PayPal event');
      const outcome = await handleWebhookEvent(billing, event.data);
      request.log.info({ eventId: event.data.id, eventType: event.data.event_type, outcome }, 'PayPal webhook handled');
      return { received: true };
    });
  });
}
