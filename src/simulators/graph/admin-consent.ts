// The admin-consent endpoint (docs/domain.md §Admin consent): GET {authority}/{tenant}/v2.0/adminconsent
// with client_id, scope, redirect_uri and state. Entra signs the administrator in, shows the
// permissions the app requires and, on Accept, creates the app's service principal in the
// administrator's tenant with those application permissions; the browser then goes back to
// redirect_uri with tenant, admin_consent=True, scope and state. Cancel goes back with
// error=access_denied. A request Entra cannot trust (unknown app, redirect URI not registered)
// ends on Entra's own error page and never goes back. Here an account picker stands in for the
// sign-in: one Global Administrator per simulated tenant.
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../shared/html.js';
import type { SimTenant } from './directory.js';
import { ENTRA_PAGE_STYLE, entraErrorPage, hiddenField, sendEntraPage } from './entra-pages.js';
import { PASSWATCH_PERMISSIONS } from './permissions.js';
import { findTenant, type AppRegistration, type GraphSimulatorState } from './state.js';

const ADMIN_CONSENT_PATH = '/:tenant/v2.0/adminconsent';

/**
 * The tenant segments that let the administrator's own tenant decide (`common` is refused by Entra
 * for admin consent of personal accounts, accepted here alike).
 */
const ANY_ORGANIZATION = new Set(['organizations', 'common']);
const DECLINED = 'AADSTS65004: User declined to consent to access the app.';

interface ConsentRequest {
  application: AppRegistration;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  /** The tenants whose administrator may answer: one when the path names a tenant. */
  tenants: SimTenant[];
}

export function registerAdminConsentRoutes(app: FastifyInstance, state: GraphSimulatorState): void {
  app.get(ADMIN_CONSENT_PATH, async (request, reply) => {
    const { tenant } = request.params as { tenant: string };
    const parsed = parseConsentRequest(state, tenant, request.query as Record<string, unknown>);
    if ('error' in parsed) return entraErrorPage(reply, parsed.error);
    return sendEntraPage(reply, 200, consentPage(tenant, parsed));
  });

  app.post(ADMIN_CONSENT_PATH, async (request, reply) => {
    const { tenant } = request.params as { tenant: string };
    const form = (request.body ?? {}) as Record<string, unknown>;
    const parsed = parseConsentRequest(state, tenant, form);
    if ('error' in parsed) return entraErrorPage(reply, parsed.error);
    const back = new URL(parsed.redirectUri);
    if (form.decision !== 'accept') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_subcode', 'cancel');
      back.searchParams.set('error_description', DECLINED);
    } else {
      const chosen = parsed.tenants.find((candidate) => candidate.id === form.account);
      if (!chosen) return sendEntraPage(reply, 200, consentPage(tenant, parsed, 'Pick an account to continue.'));
      chosen.grantConsent(parsed.application.appId, parsed.application.requiredPermissions ?? PASSWATCH_PERMISSIONS);
      back.searchParams.set('admin_consent', 'True');
      back.searchParams.set('tenant', chosen.id);
      back.searchParams.set('scope', parsed.scope);
    }
    if (parsed.state !== undefined) back.searchParams.set('state', parsed.state);
    return reply.redirect(back.toString(), 302);
  });
}

function parseConsentRequest(state: GraphSimulatorState, tenantSegment: string, input: Record<string, unknown>): ConsentRequest | { error: string } {
  const value = (name: string) => (typeof input[name] === 'string' && input[name] !== '' ? (input[name] as string) : undefined);
  const tenants = ANY_ORGANIZATION.has(tenantSegment.toLowerCase())
    ? [...state.tenants.values()]
    : [findTenant(state, tenantSegment)].filter((found) => found !== undefined);
  if (tenants.length === 0) {
    return {
      error: `AADSTS90002: Tenant '${tenantSegment}' not found. Check to make sure you have the correct tenant ID and are ` + `signing into the correct cloud.`,
    };
  }
  for (const name of ['client_id', 'redirect_uri', 'scope']) {
    if (!value(name)) return { error: `AADSTS900144: The request body must contain the following parameter: '${name}'.` };
  }
  const client = registeredClient(state, value('client_id') ?? '', value('redirect_uri') ?? '');
  if ('error' in client) return client;
  return { ...client, scope: value('scope') ?? '', state: value('state'), tenants };
}

/** The multi-tenant app `clientId` names with `redirectUri` registered on it, or the AADSTS error Entra shows. */
export function registeredClient(
  state: GraphSimulatorState,
  clientId: string,
  redirectUri: string,
): { application: AppRegistration; redirectUri: string } | { error: string } {
  const application = state.applications.get(clientId.toLowerCase());
  if (!application?.multiTenant) {
    return {
      error:
        `AADSTS700016: Application with identifier '${clientId}' was not found in the directory. This can happen if the ` +
        `application has not been installed by the administrator of the tenant.`,
    };
  }
  if (!(application.redirectUris ?? []).includes(redirectUri)) {
    return {
      error:
        `AADSTS50011: The redirect URI '${redirectUri}' specified in the request does not match the redirect URIs ` +
        `configured for the application '${application.appId}'.`,
    };
  }
  return { application, redirectUri };
}

function consentPage(tenantSegment: string, request: ConsentRequest, notice?: string): string {
  const permissions = request.application.requiredPermissions ?? PASSWATCH_PERMISSIONS;
  const accounts = request.tenants
    .map((tenant, index) => {
      const domain = tenant.domains.find((candidate) => candidate.isInitial)?.id ?? tenant.domains[0]?.id ?? tenant.id;
      return `<label class="account"><input type="radio" name="account" value="${escapeHtml(tenant.id)}"${index === 0 ? ' checked' : ''}>
        <span><strong>admin@${escapeHtml(domain)}</strong><br>Global Administrator, ${escapeHtml(tenant.displayName)}</span></label>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Permissions requested</title>
${ENTRA_PAGE_STYLE}</head>
<body><main>
<p class="sim">Microsoft Entra ID (simulated)</p>
<h1>Permissions requested</h1>
<p><strong>${escapeHtml(request.application.displayName)}</strong> asks for access to your organization. Accepting grants it to every user of the organization.</p>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<form method="post" action="/${escapeHtml(encodeURIComponent(tenantSegment))}/v2.0/adminconsent">
<fieldset><legend>Pick an account</legend>${accounts}</fieldset>
<p>This app would like to:</p>
<ul>${permissions.map((permission) => `<li>${escapeHtml(permission)} (application permission)</li>`).join('')}</ul>
${hiddenField('client_id', request.application.appId)}${hiddenField('redirect_uri', request.redirectUri)}${hiddenField('scope', request.scope)}${hiddenField('state', request.state)}
<button class="primary" type="submit" name="decision" value="accept">Accept</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form></main></body></html>`;
}
