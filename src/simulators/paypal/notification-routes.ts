/** `/v1/notifications`: the signing certificate, signature verification and stored events. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseRequest, resourceNotFound } from './paypal-errors.js';
import type { SimulatorContext } from './simulator-context.js';
import { isWebhookSignatureValid } from './webhook-signature.js';
import { certificateUrl } from './webhook-signing-identity.js';

const verifySchema = z.object({
  auth_algo: z.string().min(1).max(100),
  cert_url: z.string().min(1).max(500),
  transmission_id: z.string().min(1).max(50),
  transmission_sig: z.string().min(1).max(500),
  transmission_time: z.string().min(1).max(100),
  webhook_id: z.string().min(1).max(50),
  webhook_event: z.record(z.string(), z.unknown()),
});

type IdParams = { Params: { id: string } };

export function registerNotificationRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  app.get<IdParams>('/v1/notifications/certs/:id', async (request, reply) => {
    const identity = ctx.signingIdentity();
    if (request.params.id !== identity.certificateId) throw resourceNotFound();
    return reply.type('application/x-pem-file').send(identity.certificatePem);
  });

  /**
   * PayPal re-serializes `webhook_event`, so this succeeds only when the event is passed on
   * unchanged; it also checks the certificate is the simulator's and the webhook id is ours.
   */
  app.post('/v1/notifications/verify-webhook-signature', async (request) => {
    const input = parseRequest(verifySchema, request.body, 'body');
    const identity = ctx.signingIdentity();
    let certificatePath = '';
    try {
      certificatePath = new URL(input.cert_url).pathname;
    } catch {
      return { verification_status: 'FAILURE' };
    }
    const valid =
      input.auth_algo === 'SHA256withRSA' &&
      certificatePath === new URL(certificateUrl(ctx.baseUrl(), identity)).pathname &&
      input.webhook_id === ctx.webhookId &&
      isWebhookSignatureValid(
        identity.publicKey,
        {
          transmissionId: input.transmission_id,
          transmissionTime: input.transmission_time,
          webhookId: input.webhook_id,
          body: JSON.stringify(input.webhook_event),
        },
        input.transmission_sig,
      );
    return { verification_status: valid ? 'SUCCESS' : 'FAILURE' };
  });

  app.get<IdParams>('/v1/notifications/webhooks-events/:id', async (request) => {
    const record = ctx.state.events.get(request.params.id);
    if (!record) throw resourceNotFound();
    return record.event;
  });

  app.post<IdParams>('/v1/notifications/webhooks-events/:id/resend', async (request, reply) => {
    const record = ctx.state.events.get(request.params.id);
    if (!record) throw resourceNotFound();
    void ctx.webhooks.redeliver(record.event.id);
    return reply.code(202).send(record.event);
  });
}
