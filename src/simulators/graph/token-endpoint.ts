// The Entra token endpoint, client-credentials grant and the sign-in's authorization code (docs/domain.md §Graph tokens):
// POST /{tenant}/oauth2/v2.0/token, form-encoded, the client authenticated by a secret or a
// certificate assertion (client-assertion.ts). Each failure answers the AADSTS error Entra gives
// for it, in the order Entra checks: tenant, parameters, application, secret or assertion, consent.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueAccessToken, type TokenGrant } from './access-tokens.js';
import type { SimTenant } from './directory.js';
import { TokenEndpointError } from './errors.js';
import { requestBaseUrl, singleHeader } from './graph-http.js';
import { findTenant, type AppRegistration, type GraphSimulatorState } from './state.js';
import { JWT_BEARER_ASSERTION_TYPE, verifyClientAssertion } from './client-assertion.js';
import { GUID_PATTERN } from '../shared/formats.js';
import { issueIdToken } from './id-tokens.js';
import { findSignInAccount } from './sign-in-accounts.js';

/** The tenant segments that let the signed-in account's tenant decide. */
const ANY_ORGANIZATION = new Set(['organizations', 'common']);

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
function verifierMatchesChallenge(codeVerifier: string, codeChallenge: string): boolean {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url') === codeChallenge;
}

export const TOKEN_PATH = '/:tenant/oauth2/v2.0/token';

const GRAPH_SCOPES = new Set([
  'https://graph.microsoft.com/.default',
  'https://graph.microsoft.com//.default',
  '00000003-0000-0000-c000-000000000000/.default',
]);
const DNS_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function registerTokenEndpoint(app: FastifyInstance, state: GraphSimulatorState): void {
  app.post(TOKEN_PATH, async (request, reply) => {
    const { tenant } = request.params as { tenant: string };
    const isForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
    // Entra reads only form bodies: a JSON body is a request without parameters.
    const form = isForm ? (request.body as Record<string, string>) : {};
    if (form.grant_type === 'authorization_code') {
      void reply.header('Cache-Control', 'no-store, no-cache').header('Pragma', 'no-cache');
      return redeemAuthorizationCode(state, tenant, form, requestBaseUrl(request));
    }
    const grant = await grantClientCredentials(state, tenant, form, requestBaseUrl(request));
    void reply.header('Cache-Control', 'no-store, no-cache').header('Pragma', 'no-cache');
    return {
      token_type: 'Bearer',
      expires_in: grant.expiresIn,
      ext_expires_in: grant.expiresIn,
      access_token: grant.accessToken,
    };
  });
}

/**
 * The client-request-id of a request to the authority: a header, or a query parameter as MSAL
 * sends it. Entra echoes it in the `client-request-id` response header and as the correlation id.
 */
export function authorityClientRequestId(request: FastifyRequest): string | undefined {
  const header = singleHeader(request, 'client-request-id');
  if (header) return header;
  const query = request.query as Readonly<Record<string, unknown>> | undefined;
  const parameter = query?.['client-request-id'];
  return typeof parameter === 'string' && parameter.length > 0 ? parameter : undefined;
}

/** The tenant a path names by id or domain, or the AADSTS error Entra answers for it. */
export function resolveAuthorityTenant(state: GraphSimulatorState, tenantIdOrDomain: string): SimTenant {
  if (!GUID_PATTERN.test(tenantIdOrDomain) && !DNS_NAME.test(tenantIdOrDomain)) {
    throw new TokenEndpointError(
      400,
      'invalid_request',
      900023,
      `Specified tenant identifier '${tenantIdOrDomain}' is neither a valid DNS name, nor a valid external domain.`,
    );
  }
  const tenant = findTenant(state, tenantIdOrDomain);
  if (!tenant) {
    throw new TokenEndpointError(
      400,
      'invalid_tenant',
      90002,
      `Tenant '${tenantIdOrDomain}' not found. Check to make sure you have the correct tenant ID and are signing into ` +
        `the correct cloud. Check with your subscription administrator, this may happen if there are no active ` +
        `subscriptions for the tenant.`,
    );
  }
  return tenant;
}

async function grantClientCredentials(
  state: GraphSimulatorState,
  tenantIdOrDomain: string,
  form: Readonly<Record<string, string | undefined>>,
  origin: string,
): Promise<TokenGrant> {
  const tenant = resolveAuthorityTenant(state, tenantIdOrDomain);
  const parameter = (name: string) => formParameter(form, name);
  const grantType = parameter('grant_type');
  if (!grantType) throw missingParameter('grant_type');
  if (grantType !== 'client_credentials') {
    throw new TokenEndpointError(400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${grantType}'.`);
  }
  const clientId = parameter('client_id');
  if (!clientId) throw missingParameter('client_id');
  const scope = parameter('scope');
  if (!scope) throw missingParameter('scope');
  checkScope(scope, tenant.displayName);

  const application = state.applications.get(clientId.toLowerCase());
  if (!application || (!application.multiTenant && application.homeTenantId.toLowerCase() !== tenant.id.toLowerCase())) {
    throw new TokenEndpointError(
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${clientId}' was not found in the directory '${tenant.displayName}'. This can ` +
        `happen if the application has not been installed by the administrator of the tenant or consented to by any ` +
        `user in the tenant. You may have sent your authentication request to the wrong tenant.`,
    );
  }
  await authenticateClient(
    state,
    application,
    form,
    [tenantIdOrDomain, tenant.id].map((name) => `${origin}/${name}/oauth2/v2.0/token`),
  );
  const servicePrincipal = tenant.servicePrincipalOf(application.appId);
  if (!servicePrincipal) {
    throw new TokenEndpointError(
      401,
      'invalid_client',
      7000229,
      `The client application ${application.appId} is missing service principal in the tenant ${tenant.id}. See ` +
        `instructions here: https://go.microsoft.com/fwlink/?linkid=2225119`,
    );
  }
  return issueAccessToken(state, tenant, application, servicePrincipal);
}

/**
 * The client proves itself with a certificate assertion (whose audience is this token endpoint, the
 * tenant named by id or as in the path: `audiences`) or a client secret; else the AADSTS error.
 */
async function authenticateClient(
  state: GraphSimulatorState,
  application: AppRegistration,
  form: Readonly<Record<string, string | undefined>>,
  audiences: readonly string[],
): Promise<void> {
  const clientSecret = formParameter(form, 'client_secret');
  const assertion = formParameter(form, 'client_assertion_type') === JWT_BEARER_ASSERTION_TYPE ? formParameter(form, 'client_assertion') : undefined;
  if (assertion) {
    await verifyClientAssertion(state, application, assertion, audiences);
  } else if (clientSecret) {
    checkClientSecret(state, application, clientSecret);
  } else {
    throw new TokenEndpointError(
      401,
      'invalid_client',
      7000218,
      "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
    );
  }
}

function formParameter(form: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * grant_type=authorization_code: a code from the sign-in page (authorize.ts), once, by the app it
 * was given to, with the same redirect_uri and the PKCE verifier of its challenge. Answers the
 * account's ID token (id-tokens.ts); the access token is for the user's own profile, which this
 * simulator's Graph does not serve.
 */
async function redeemAuthorizationCode(state: GraphSimulatorState, tenantSegment: string, form: Readonly<Record<string, string | undefined>>, origin: string) {
  const namedTenant = ANY_ORGANIZATION.has(tenantSegment.toLowerCase()) ? null : resolveAuthorityTenant(state, tenantSegment);
  for (const name of ['client_id', 'code', 'redirect_uri']) if (!formParameter(form, name)) throw missingParameter(name);
  const clientId = formParameter(form, 'client_id') ?? '';
  const application = state.applications.get(clientId.toLowerCase());
  if (!application) {
    throw new TokenEndpointError(400, 'unauthorized_client', 700016, `Application with identifier '${clientId}' was not found in the directory.`);
  }
  const audiences = [tenantSegment, ...(namedTenant ? [namedTenant.id] : [])].map((name) => `${origin}/${name}/oauth2/v2.0/token`);
  await authenticateClient(state, application, form, audiences);
  const code = formParameter(form, 'code') ?? '';
  const issued = state.authorizationCodes.get(code);
  state.authorizationCodes.delete(code);
  const expired = () =>
    new TokenEndpointError(
      400,
      'invalid_grant',
      70008,
      'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
    );
  if (!issued || issued.expiresAt <= state.clock().getTime() || issued.clientId.toLowerCase() !== application.appId.toLowerCase()) throw expired();
  if (issued.redirectUri !== formParameter(form, 'redirect_uri')) {
    throw new TokenEndpointError(
      400,
      'invalid_grant',
      500117,
      'The reply uri specified in the token request does not match the reply uri specified in the authorization request.',
    );
  }
  if (issued.codeChallenge !== null && !verifierMatchesChallenge(formParameter(form, 'code_verifier') ?? '', issued.codeChallenge)) {
    throw new TokenEndpointError(400, 'invalid_grant', 501481, 'The Code_Verifier does not match the code_challenge supplied in the authorization request.');
  }
  const account = findSignInAccount(state, issued.objectId);
  if (!account || (namedTenant && namedTenant.id !== account.tenant.id)) throw expired();
  const idToken = await issueIdToken(state, { account, clientId: application.appId, nonce: issued.nonce, origin });
  return {
    token_type: 'Bearer',
    scope: 'openid profile email',
    expires_in: state.settings.tokenLifetimeSeconds,
    ext_expires_in: state.settings.tokenLifetimeSeconds,
    access_token: randomBytes(48).toString('base64url'),
    id_token: idToken,
  };
}

function checkClientSecret(state: GraphSimulatorState, application: AppRegistration, clientSecret: string): void {
  const secret = application.secrets.find((candidate) => candidate.value === clientSecret);
  if (!secret) {
    throw new TokenEndpointError(
      401,
      'invalid_client',
      7000215,
      `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not ` +
        `the client secret ID, for a secret added to app '${application.appId}'.`,
    );
  }
  if (secret.expiresAt <= state.clock().getTime()) {
    throw new TokenEndpointError(
      401,
      'invalid_client',
      7000222,
      `The provided client secret keys for app '${application.appId}' are expired. Visit the Azure portal to create ` +
        `new keys for your app: https://aka.ms/NewClientSecret, or consider using certificate credentials for added ` +
        `security: https://aka.ms/certCreds.`,
    );
  }
}

function missingParameter(name: string): TokenEndpointError {
  return new TokenEndpointError(400, 'invalid_request', 900144, `The request body must contain the following parameter: '${name}'.`);
}

function checkScope(scope: string, tenantName: string): void {
  const scopes = scope.trim().split(/\s+/);
  if (scopes.length === 1 && GRAPH_SCOPES.has(scope.trim().toLowerCase())) return;
  const other = scopes.find((candidate) => candidate.toLowerCase().endsWith('/.default'));
  if (scopes.length === 1 && other) {
    const resource = other.slice(0, -'/.default'.length);
    throw new TokenEndpointError(
      400,
      'invalid_resource',
      500011,
      `The resource principal named ${resource} was not found in the tenant named ${tenantName}. This can happen if ` +
        `the application has not been installed by the administrator of the tenant or consented to by any user in the ` +
        `tenant. You might have sent your authentication request to the wrong tenant.`,
    );
  }
  throw new TokenEndpointError(
    400,
    'invalid_scope',
    1002012,
    `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with ` +
      `/.default suffixed to the resource identifier (application ID URI).`,
  );
}
