// GET /{tenant}/v2.0/.well-known/openid-configuration: the tenant's OpenID metadata as Entra
// publishes it. MSAL reads it before its first token request (token endpoint, issuer); every
// endpoint names the tenant by its id, also when the path named a domain; for `organizations` and
// `common` the issuer is the template `{base}/{tenantid}/v2.0`, filled in by each token's `tid`. Of
// these endpoints the simulator serves the token endpoint, the authorization endpoint (the admin's
// sign-in) and the signing keys (jwks_uri).
import type { FastifyInstance } from 'fastify';
import { requestBaseUrl } from './graph-http.js';
import { signingKeySet } from './id-tokens.js';
import type { GraphSimulatorState } from './state.js';
import { resolveAuthorityTenant } from './token-endpoint.js';

export const OPENID_CONFIGURATION_PATH = '/:tenant/v2.0/.well-known/openid-configuration';

export const SIGNING_KEYS_PATH = '/:tenant/discovery/v2.0/keys';
const ANY_ORGANIZATION = new Set(['organizations', 'common']);

export function registerOpenIdConfiguration(app: FastifyInstance, state: GraphSimulatorState): void {
  app.get(SIGNING_KEYS_PATH, async (_request, reply) => {
    void reply.header('Cache-Control', 'max-age=86400, private').header('Access-Control-Allow-Origin', '*');
    return signingKeySet(state);
  });

  app.get(OPENID_CONFIGURATION_PATH, async (request, reply) => {
    const { tenant: tenantIdOrDomain } = request.params as { tenant: string };
    const anyOrganization = ANY_ORGANIZATION.has(tenantIdOrDomain.toLowerCase());
    const tenantSegment = anyOrganization ? tenantIdOrDomain.toLowerCase() : resolveAuthorityTenant(state, tenantIdOrDomain).id;
    const baseUrl = requestBaseUrl(request);
    const authority = `${baseUrl}/${tenantSegment}`;
    void reply.header('Cache-Control', 'max-age=86400, private').header('Access-Control-Allow-Origin', '*');
    return {
      token_endpoint: `${authority}/oauth2/v2.0/token`,
      token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
      jwks_uri: `${authority}/discovery/v2.0/keys`,
      response_modes_supported: ['query', 'fragment', 'form_post'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      issuer: anyOrganization ? `${baseUrl}/{tenantid}/v2.0` : `${authority}/v2.0`,
      request_uri_parameter_supported: false,
      userinfo_endpoint: `${baseUrl}/oidc/userinfo`,
      authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
      device_authorization_endpoint: `${authority}/oauth2/v2.0/devicecode`,
      http_logout_supported: true,
      frontchannel_logout_supported: true,
      end_session_endpoint: `${authority}/oauth2/v2.0/logout`,
      claims_supported: [
        'sub',
        'iss',
        'cloud_instance_name',
        'cloud_instance_host_name',
        'cloud_graph_host_name',
        'msgraph_host',
        'aud',
        'exp',
        'iat',
        'auth_time',
        'acr',
        'nonce',
        'preferred_username',
        'name',
        'tid',
        'ver',
        'at_hash',
        'c_hash',
        'email',
        'oid',
        'wids',
      ],
      kerberos_endpoint: `${authority}/kerberos`,
      tenant_region_scope: 'WW',
      cloud_instance_name: 'microsoftonline.com',
      cloud_graph_host_name: 'graph.windows.net',
      // Graph is served by this simulator too.
      msgraph_host: new URL(baseUrl).host,
      rbac_url: 'https://pas.windows.net',
    };
  });
}
