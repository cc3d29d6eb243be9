// The control API (no auth: it is a simulator): fault switches, limits, sent mail, reset, tenant
// registration, consents and secrets, and the mailbox page the demo banner links to.
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GraphError } from './errors.js';
import { generateTenant } from './generator.js';
import { DAY_MS } from '../shared/formats.js';
import { renderMailboxPage } from './mailbox-page.js';
import { onPremisesSnapshotOf } from './on-premises.js';
import { secretValue } from './random.js';
import { resetSimulatorState } from './reset.js';
import { addTenant, type GraphSimulatorState, SEND_MAIL_REFUSALS, type SentMessage } from './state.js';

const faultsPatch = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000),
    errorRate: z.number().min(0).max(1),
    serviceUnavailable: z.boolean(),
    throttleWithoutRetryAfter: z.boolean(),
    forceThrottle: z.number().int().min(0),
    retryAfterSeconds: z.number().min(0),
    sendMailRefusal: z.enum(SEND_MAIL_REFUSALS).nullable(),
  })
  .partial()
  .strict();

const settingsPatch = z
  .object({
    tokenLifetimeSeconds: z.number().int().min(1),
    directoryBudgetPer10Seconds: z.number().int().min(1).nullable(),
    mailMessagesPerMinute: z.number().int().min(1),
    mailRecipientsPer24Hours: z.number().int().min(1),
    mailRequestsPer10Minutes: z.number().int().min(1),
    mailConcurrentRequests: z.number().int().min(1),
  })
  .partial()
  .strict();

const newTenant = z
  .object({
    users: z.number().int().min(1).max(1_000_000),
    seed: z.number().int(),
    tenantId: z.uuid().optional(),
    displayName: z.string().min(1).optional(),
    domain: z.string().min(3).optional(),
    passwordValidityDays: z.number().int().min(1).nullable().optional(),
    massResetDaysAgo: z.number().int().min(0).optional(),
    syncedShare: z.number().min(0).max(1).optional(),
  })
  .strict();

const consentBody = z.object({ permissions: z.array(z.string().min(1)) }).strict();
const newSecret = z.object({ expiresInDays: z.number().min(-3650).max(3650).optional(), displayName: z.string().optional() }).strict();

const notFound = (what: string) => new GraphError(404, 'NotFound', `${what} is not registered in the simulator.`);

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new GraphError(400, 'InvalidControlRequest', z.prettifyError(result.error));
  return result.data;
}

export function registerControlRoutes(app: FastifyInstance, state: GraphSimulatorState): void {
  app.get('/_control/faults', async () => state.faults);
  app.put('/_control/faults', async (request) => {
    state.faults = { ...state.faults, ...parse(faultsPatch, request.body) };
    return state.faults;
  });

  app.get('/_control/settings', async () => state.settings);
  app.put('/_control/settings', async (request) => {
    state.settings = { ...state.settings, ...parse(settingsPatch, request.body) };
    return state.settings;
  });

  app.get('/_control/mail', async (request) => ({ value: filterMail(state.sentMail, request) }));
  app.delete('/_control/mail', async (_request, reply) => {
    state.sentMail.length = 0;
    return reply.code(204).send();
  });
  const mailboxPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { to, from } = request.query as Record<string, string | undefined>;
    const description = [to ? `to ${to}` : '', from ? `from ${from}` : ''].filter(Boolean).join(' ') || null;
    return reply.type('text/html; charset=utf-8').send(renderMailboxPage(filterMail(state.sentMail, request), description));
  };
  app.get('/_control/mailbox', mailboxPage);
  app.get('/mailbox', mailboxPage);

  app.post('/_control/reset', async (_request, reply) => {
    resetSimulatorState(state);
    return reply.code(204).send();
  });

  app.get('/_control/tenants', async () => ({
    value: [...state.tenants.values()].map((tenant) => ({
      tenantId: tenant.id,
      displayName: tenant.displayName,
      userCount: tenant.users.length,
      groupCount: tenant.groups.length,
      domains: tenant.domains.map((domain) => domain.id),
      consents: [...tenant.servicePrincipals.values()].map((sp) => ({ appId: sp.appId, permissions: [...sp.permissions] })),
    })),
  }));
  app.post('/_control/tenants', async (request, reply) => {
    const options = parse(newTenant, request.body);
    const generated = generateTenant({ ...options, now: state.clock() });
    try {
      addTenant(state, generated);
    } catch (error) {
      throw new GraphError(409, 'Conflict', (error as Error).message);
    }
    return reply.code(201).send({ ...generated.credentials, userCount: generated.tenant.users.length });
  });

  // The on-premises AD behind the tenant's synced users, as a Passwatch Connector's snapshot would carry it.
  app.get('/_control/tenants/:tenantId/on-premises', async (request) => {
    const { tenantId } = request.params as { tenantId: string };
    const tenant = state.tenants.get(tenantId.toLowerCase()) ?? throwError(notFound(`Tenant ${tenantId}`));
    return onPremisesSnapshotOf(tenant.onPremises ?? throwError(notFound(`An on-premises domain of ${tenantId}`)));
  });

  app.put('/_control/tenants/:tenantId/consents/:appId', async (request) => {
    const { tenantId, appId } = request.params as { tenantId: string; appId: string };
    const tenant = state.tenants.get(tenantId.toLowerCase()) ?? throwError(notFound(`Tenant ${tenantId}`));
    const application = state.applications.get(appId.toLowerCase()) ?? throwError(notFound(`Application ${appId}`));
    const { permissions } = parse(consentBody, request.body);
    const servicePrincipal = tenant.grantConsent(application.appId, permissions);
    return { appId: servicePrincipal.appId, permissions: [...servicePrincipal.permissions] };
  });
  app.delete('/_control/tenants/:tenantId/consents/:appId', async (request, reply) => {
    const { tenantId, appId } = request.params as { tenantId: string; appId: string };
    const tenant = state.tenants.get(tenantId.toLowerCase()) ?? throwError(notFound(`Tenant ${tenantId}`));
    if (!tenant.servicePrincipals.delete(appId.toLowerCase())) throw notFound(`A consent of ${appId} in ${tenantId}`);
    // Entra lets tokens already issued run until they expire; they end here at once, so a test
    // or a demo sees the removal at the next call instead of an hour later.
    for (const [token, issued] of state.accessTokens) {
      if (issued.tenantId === tenant.id && issued.appId.toLowerCase() === appId.toLowerCase()) state.accessTokens.delete(token);
    }
    return reply.code(204).send();
  });

  app.post('/_control/applications/:appId/secrets', async (request, reply) => {
    const { appId } = request.params as { appId: string };
    const application = state.applications.get(appId.toLowerCase()) ?? throwError(notFound(`Application ${appId}`));
    const { expiresInDays = 730, displayName = 'Rotated secret' } = parse(newSecret, request.body);
    const secret = {
      keyId: randomUUID(),
      value: secretValue(randomInt),
      displayName,
      expiresAt: state.clock().getTime() + expiresInDays * DAY_MS,
    };
    application.secrets.push(secret);
    return reply.code(201).send({
      applicationId: application.appId,
      clientSecretId: secret.keyId,
      clientSecret: secret.value,
      expiresAt: new Date(secret.expiresAt).toISOString(),
    });
  });
  app.post('/_control/applications/:appId/secrets/:keyId/expire', async (request, reply) => {
    const { appId, keyId } = request.params as { appId: string; keyId: string };
    const application = state.applications.get(appId.toLowerCase()) ?? throwError(notFound(`Application ${appId}`));
    const secret = application.secrets.find((candidate) => candidate.keyId.toLowerCase() === keyId.toLowerCase());
    if (!secret) throw notFound(`Secret ${keyId} of ${appId}`);
    secret.expiresAt = state.clock().getTime() - 1000;
    return reply.code(204).send();
  });
}

/** ?to= matches any recipient, ?from= the sender, ?tenantId= the tenant; all case-insensitive. */
function filterMail(messages: readonly SentMessage[], request: FastifyRequest): SentMessage[] {
  const { to, from, tenantId } = request.query as Record<string, string | undefined>;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return messages.filter(
    (message) =>
      (!to || [...message.to, ...message.cc, ...message.bcc].some((address) => same(address, to))) &&
      (!from || same(message.from, from)) &&
      (!tenantId || same(message.tenantId, tenantId)),
  );
}

function throwError(error: Error): never {
  throw error;
}
