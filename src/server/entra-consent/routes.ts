import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ConsentAvailability, type ConsentReturnPage, consentStartBody, type ConsentStartResponse } from '../../shared/api/entra-consent.js';
import { isGuid } from '../../shared/api/guid.js';
import { type EntraConsentResult, entraConsentMessages } from '../../shared/domain/entra-connection.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { allow, type Guards, SESSION_COOKIE, tenantIdOf, userIdOf } from '../auth/index.js';
import type { AppIdentity, TenantGraphDeps } from '../configuration/index.js';
import { conflict } from '../http/app-error.js';
import { validate } from '../http/validate.js';
import { calculatePKCECodeChallenge, randomNonce, randomPKCECodeVerifier } from 'openid-client';
import { type AdminProof, AdminProofRefused, redeemAdminSignIn } from './admin-proof.js';
import { connectOrganization } from './connect-organization.js';
import { aadstsCodeOf, type ConsentAnswer, consentAnswerQuery, refusalOf } from './consent-answer.js';
import { type ConsentStep, consumeConsentRequest, type SignInStep, startConsentRequest } from './consent-requests.js';
import { adminConsentUrl, adminSignInUrl, consentRedirectUri } from './consent-url.js';

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
 * Connect with Microsoft (docs/domain.md §Admin sign-in for Connect with Microsoft): POST
 * /api/entra/consent-start gives Microsoft's sign-in page to open, with a single-use `state`, a
 * nonce and a PKCE challenge; GET /api/entra/consent-callback is where Microsoft sends the browser
 * back, twice. After the sign-in it redeems the code and keeps the tenant the administrator's ID
 * token proves, then sends the browser to the admin-consent page of that tenant; after the consent
 * it accepts only that tenant, checks it with Entra (connect-organization.ts), and sends the browser
 * to the page it came from with the outcome (`?entraConsent=`). The answer's query parameters are
 * never proof on their own.
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
    const codeVerifier = randomPKCECodeVerifier();
    const signIn: SignInStep = { step: 'sign_in', authority: input.tenant ?? 'organizations', nonce: randomNonce(), codeVerifier };
    const state = await startConsentRequest(
      deps.db,
      { tenantId: tenantIdOf(request), userId: userIdOf(request), sessionToken, returnTo: input.returnTo },
      signIn,
      deps.clock(),
    );
    const codeChallenge = await calculatePKCECodeChallenge(codeVerifier);
    return {
      url: adminSignInUrl({
        authorityUrl: deps.graph.authorityUrl,
        clientId: passwatchApp.clientId,
        redirectUri,
        authority: signIn.authority,
        state,
        nonce: signIn.nonce,
        codeChallenge,
      }),
    };
  });

  app.get('/api/entra/consent-callback', allow('public', { changesData: true }), async (request, reply) => {
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

    if (answer.data.error) {
      const result = refusalOf(answer.data);
      await record(result, aadstsCodeOf(answer.data.error_description) ?? answer.data.error);
      return backTo(reply, returnTo, result);
    }
    const passwatchApp = deps.graph.passwatchApp;
    if (!passwatchApp) {
      await record('failed', 'the Passwatch app is not configured');
      return backTo(reply, returnTo, 'failed');
    }
    const sessionToken = request.cookies[SESSION_COOKIE] ?? '';
    if (consumed.step.step === 'sign_in') {
      const proof = await proveAdministrator(passwatchApp, consumed.step, answer.data);
      if ('refused' in proof) {
        await record(proof.refused.result, proof.refused.message);
        return backTo(reply, returnTo, proof.refused.result);
      }
      const consent: ConsentStep = { step: 'consent', proof };
      const state = await startConsentRequest(deps.db, { tenantId: organizationId, userId, sessionToken, returnTo }, consent, deps.clock());
      return reply.redirect(
        adminConsentUrl({ authorityUrl: deps.graph.authorityUrl, clientId: passwatchApp.clientId, redirectUri, state, tenant: proof.tenantId }),
        303,
      );
    }

    const { proof } = consumed.step;
    const { tenant, admin_consent: adminConsent } = answer.data;
    if (!tenant || !isGuid(tenant) || adminConsent?.toLowerCase() !== 'true') {
      await record('unknown_tenant', `tenant ${JSON.stringify(tenant ?? null)}, admin_consent ${JSON.stringify(adminConsent ?? null)}`);
      return backTo(reply, returnTo, 'unknown_tenant');
    }
    // Only the tenant the administrator signed in to: the answer's `tenant` is typed by the browser.
    if (tenant.toLowerCase() !== proof.tenantId) {
      await record('tenant_mismatch', `consent answer names tenant ${tenant}, ${proof.username} signed in to ${proof.tenantId}`);
      return backTo(reply, returnTo, 'tenant_mismatch');
    }
    const outcome = await connectOrganization(deps, passwatchApp, { organizationId, actorUserId: userId, entraTenantId: proof.tenantId, consentedBy: proof });
    await record(outcome.result, outcome.result === 'connected' ? tenant : outcome.reason);
    return backTo(reply, returnTo, outcome.result);
  });

  /** The administrator's sign-in answer, redeemed and verified, or why it proves nothing. */
  async function proveAdministrator(app: AppIdentity, signIn: SignInStep, answer: ConsentAnswer): Promise<AdminProof | { refused: AdminProofRefused }> {
    if (!answer.code) return { refused: new AdminProofRefused('failed', 'the sign-in answer carries no code') };
    try {
      return await redeemAdminSignIn(
        {
          authorityUrl: deps.graph.authorityUrl,
          requestTimeoutMs: deps.graph.requestTimeoutMs,
          now: deps.clock,
          ...(deps.graph.fetch ? { fetch: deps.graph.fetch } : {}),
        },
        app,
        { authoritySegment: signIn.authority, code: answer.code, codeVerifier: signIn.codeVerifier, nonce: signIn.nonce, redirectUri },
      );
    } catch (error) {
      if (error instanceof AdminProofRefused) return { refused: error };
      throw error;
    }
  }

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
