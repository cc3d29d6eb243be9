import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ConsentAvailability, type ConsentReturnPage, consentStartBody, type ConsentStartResponse } from '../../shared/api/entra-consent.js';
import { isGuid } from '../../shared/api/guid.js';
import { type EntraConsentResult, entraConsentMessages } from '../../shared/domain/entra-connection.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { allow, type Guards, SESSION_COOKIE, tenantIdOf, userIdOf } from '../auth/index.js';
import type { TenantGraphDeps } from '../configuration/index.js';
import { conflict } from '../http/app-error.js';
import { validate } from '../http/validate.js';
import { connectOrganization } from './connect-organization.js';
import { aadstsCodeOf, consentAnswerQuery, refusalOf } from './consent-answer.js';
import { consumeConsentRequest, startConsentRequest } from './consent-requests.js';
import { adminConsentUrl, consentRedirectUri } from './consent-url.js';

export interface EntraConsentRouteDeps extends TenantGraphDeps {
  guards: Guards;
  appUrl: string;
}

const consentStartMessages = {
  unavailable:
    'Connect with Microsoft is not available here: the operator has not configured the Passwatch app ' +
    '(ENTRA_APP_CLIENT_ID). Connect with your own app registration instead.',
} as const;

/**
 * Connect with Microsoft: POST /api/entra/consent-start gives the Microsoft admin-consent page to
 * open, with a single-use `state`; GET /api/entra/consent-callback is where Microsoft sends the
 * browser back. It checks the state, then the tenant (connect-organization.ts), and sends the
 * browser to the page it came from with the outcome (`?entraConsent=`).
 */
export function registerEntraConsentRoutes(app: FastifyInstance, deps: EntraConsentRouteDeps): void {
  const { guards } = deps;
  const redirectUri = consentRedirectUri(deps.appUrl);

  app.get(
    '/api/entra/consent-availability',
    allow('signed-in'),
    async (): Promise<ConsentAvailability> => ({
      available: Boolean(deps.graph.passwatchApp),
    }),
  );

  app.post('/api/entra/consent-start', allow('owner'), async (request): Promise<ConsentStartResponse> => {
    const input = validate(consentStartBody, request.body);
    const passwatchApp = deps.graph.passwatchApp;
    if (!passwatchApp) throw conflict(consentStartMessages.unavailable);
    const sessionToken = request.auth?.sessionToken ?? '';
    const state = await startConsentRequest(
      deps.db,
      { tenantId: tenantIdOf(request), userId: userIdOf(request), sessionToken, returnTo: input.returnTo },
      deps.clock(),
    );
    return { url: adminConsentUrl({ authorityUrl: deps.graph.authorityUrl, clientId: passwatchApp.clientId, redirectUri, state, tenant: input.tenant }) };
  });

  app.get('/api/entra/consent-callback', allow('public'), async (request, reply) => {
    const answer = consentAnswerQuery.safeParse(request.query ?? {});
    if (!answer.success || !answer.data.state) return backTo(reply, 'configuration', 'invalid_state');
    const consumed = await consumeConsentRequest(deps.db, answer.data.state, await signedInSessionToken(request, reply), deps.clock());
    if (consumed.outcome === 'invalid') return backTo(reply, 'configuration', 'invalid_state');
    if (consumed.outcome === 'expired') return backTo(reply, consumed.returnTo, 'expired_state');
    const { tenantId: organizationId, userId, returnTo } = consumed;
    const record = async (result: EntraConsentResult, detail: string) => {
      request.log.info({ tenantId: organizationId, result, detail }, 'Connect with Microsoft');
      if (result === 'connected') return;
      await recordAudit(deps.db, organizationId, {
        category: 'configuration',
        status: 'error',
        message: `Connect with Microsoft by ${await actorNameOf(deps.db, userId)} did not connect: ` + `${entraConsentMessages[result].text} (${detail})`,
        actorUserId: userId,
        details: { result, detail },
        createdAt: deps.clock(),
      });
    };

    const { error, tenant, admin_consent: adminConsent } = answer.data;
    if (error) {
      const result = refusalOf(answer.data);
      await record(result, aadstsCodeOf(answer.data.error_description) ?? error);
      return backTo(reply, returnTo, result);
    }
    if (!tenant || !isGuid(tenant) || adminConsent?.toLowerCase() !== 'true') {
      await record('unknown_tenant', `tenant ${JSON.stringify(tenant ?? null)}, admin_consent ${JSON.stringify(adminConsent ?? null)}`);
      return backTo(reply, returnTo, 'unknown_tenant');
    }
    const passwatchApp = deps.graph.passwatchApp;
    if (!passwatchApp) {
      await record('failed', 'the Passwatch app is not configured');
      return backTo(reply, returnTo, 'failed');
    }
    const outcome = await connectOrganization(deps, passwatchApp, { organizationId, actorUserId: userId, entraTenantId: tenant });
    await record(outcome.result, outcome.result === 'connected' ? tenant : outcome.reason);
    return backTo(reply, returnTo, outcome.result);
  });

  /** The session the callback came back in, if it is still a signed-in one. */
  async function signedInSessionToken(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    try {
      await guards.requireUser(request, reply);
      return token;
    } catch {
      return null;
    }
  }
}

/** The Setup Guide or the Configuration tab, told what came of it. */
function backTo(reply: FastifyReply, page: ConsentReturnPage, result: EntraConsentResult): FastifyReply {
  const where = page === 'setup' ? 'setup=open' : 'tab=configuration';
  return reply.redirect(`/dashboard?${where}&entraConsent=${result}`, 303);
}
