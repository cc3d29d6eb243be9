// The v2.0 authorization endpoint, authorization code flow (docs/domain.md §Admin sign-in for
// Connect with Microsoft): GET {authority}/{tenant}/oauth2/v2.0/authorize with client_id,
// response_type=code, redirect_uri, scope (openid...), state, nonce and a PKCE S256 challenge. An
// account picker stands in for the sign-in (sign-in-accounts.ts); the chosen account's code goes
// back to redirect_uri with state, to be redeemed once at the token endpoint. A request Entra cannot
// trust (unknown app, redirect URI not registered) ends on Entra's error page.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../shared/html.js';
import { registeredClient } from './admin-consent.js';
import { ENTRA_PAGE_STYLE, entraErrorPage, hiddenField, sendEntraPage } from './entra-pages.js';
import { findSignInAccount, type SignInAccount, signInAccounts } from './sign-in-accounts.js';
import { findTenant, type GraphSimulatorState } from './state.js';

const AUTHORIZE_PATH = '/:tenant/oauth2/v2.0/authorize';
const ANY_ORGANIZATION = new Set(['organizations', 'common']);
/** Entra's codes are short-lived; ten minutes is its upper bound. */
const CODE_LIFETIME_MS = 10 * 60_000;
const PASSED_THROUGH = ['client_id', 'response_type', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'prompt'];

interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string | null;
  /** The tenant the path names; null for organizations/common. */
  tenantId: string | null;
  parameters: Record<string, string>;
}

export function registerAuthorizeRoutes(app: FastifyInstance, state: GraphSimulatorState): void {
  app.get(AUTHORIZE_PATH, async (request, reply) => {
    const { tenant } = request.params as { tenant: string };
    const parsed = parseAuthorizationRequest(state, tenant, request.query as Record<string, unknown>);
    if ('error' in parsed) return entraErrorPage(reply, parsed.error);
    return sendEntraPage(reply, 200, signInPage(tenant, parsed, signInAccounts(state, parsed.tenantId ?? undefined)));
  });

  app.post(AUTHORIZE_PATH, async (request, reply) => {
    const { tenant } = request.params as { tenant: string };
    const form = (request.body ?? {}) as Record<string, unknown>;
    const parsed = parseAuthorizationRequest(state, tenant, form);
    if ('error' in parsed) return entraErrorPage(reply, parsed.error);
    const back = new URL(parsed.redirectUri);
    if (form.decision !== 'sign_in') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_subcode', 'cancel');
      back.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.');
    } else {
      const account = typeof form.account === 'string' ? findSignInAccount(state, form.account) : undefined;
      if (!account)
        return sendEntraPage(reply, 200, signInPage(tenant, parsed, signInAccounts(state, parsed.tenantId ?? undefined), 'Pick an account to continue.'));
      if (parsed.tenantId !== null && account.tenant.id !== parsed.tenantId) {
        return entraErrorPage(
          reply,
          `AADSTS50020: User account '${account.userPrincipalName}' from identity provider does not exist in tenant ` +
            `'${findTenant(state, parsed.tenantId)?.displayName ?? parsed.tenantId}' and cannot access the application '${parsed.clientId}' in that tenant.`,
        );
      }
      const code = randomBytes(48).toString('base64url');
      state.authorizationCodes.set(code, {
        clientId: parsed.clientId,
        redirectUri: parsed.redirectUri,
        codeChallenge: parsed.codeChallenge,
        nonce: parsed.nonce,
        objectId: account.objectId,
        expiresAt: state.clock().getTime() + CODE_LIFETIME_MS,
      });
      back.searchParams.set('code', code);
    }
    if (parsed.state !== undefined) back.searchParams.set('state', parsed.state);
    return reply.redirect(back.toString(), 302);
  });
}

function parseAuthorizationRequest(
  state: GraphSimulatorState,
  tenantSegment: string,
  input: Record<string, unknown>,
): AuthorizationRequest | { error: string } {
  const value = (name: string) => (typeof input[name] === 'string' && input[name] !== '' ? (input[name] as string) : undefined);
  let tenantId: string | null = null;
  if (!ANY_ORGANIZATION.has(tenantSegment.toLowerCase())) {
    const tenant = findTenant(state, tenantSegment);
    if (!tenant)
      return {
        error: `AADSTS90002: Tenant '${tenantSegment}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
      };
    tenantId = tenant.id;
  }
  for (const name of ['client_id', 'redirect_uri', 'scope', 'response_type']) {
    if (!value(name)) return { error: `AADSTS900144: The request body must contain the following parameter: '${name}'.` };
  }
  const client = registeredClient(state, value('client_id') ?? '', value('redirect_uri') ?? '');
  if ('error' in client) return client;
  if (value('response_type') !== 'code') return { error: `AADSTS700054: response_type '${value('response_type')}' is not enabled for the application.` };
  if (!(value('scope') ?? '').split(' ').includes('openid')) return { error: 'AADSTS900144: The request must contain the openid scope for a sign-in.' };
  const codeChallenge = value('code_challenge') ?? null;
  if (codeChallenge !== null && value('code_challenge_method') !== 'S256')
    return { error: 'AADSTS501491: Invalid size of Code_Challenge parameter or code_challenge_method other than S256.' };
  const parameters: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const passed = value(name);
    if (passed !== undefined) parameters[name] = passed;
  }
  return {
    clientId: client.application.appId,
    redirectUri: client.redirectUri,
    state: value('state'),
    nonce: value('nonce'),
    codeChallenge,
    tenantId,
    parameters,
  };
}

function signInPage(tenantSegment: string, request: AuthorizationRequest, accounts: SignInAccount[], notice?: string): string {
  const choices = accounts
    .map(
      (account, index) => `<label class="account"><input type="radio" name="account" value="${escapeHtml(account.objectId)}"${index === 0 ? ' checked' : ''}>
        <span><strong>${escapeHtml(account.userPrincipalName)}</strong><br>${escapeHtml(account.description)}</span></label>`,
    )
    .join('\n');
  const hidden = Object.entries(request.parameters)
    .map(([name, value]) => hiddenField(name, value))
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title>
${ENTRA_PAGE_STYLE}</head>
<body><main>
<p class="sim">Microsoft Entra ID (simulated)</p>
<h1>Pick an account</h1>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<form method="post" action="/${escapeHtml(encodeURIComponent(tenantSegment))}/oauth2/v2.0/authorize">
<fieldset><legend>Sign in as</legend>${choices}</fieldset>
${hidden}
<button class="primary" type="submit" name="decision" value="sign_in">Sign in</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form></main></body></html>`;
}
