/**
 * How an organization reaches its Entra tenant: its own app registration (IDs and a client secret
 * typed into the configuration), or the operator's multi-tenant Passwatch app, which a Global
 * Administrator of the tenant consented to with Connect with Microsoft.
 */
export const CONNECTION_METHODS = ['app_registration', 'passwatch_app'] as const;
export type ConnectionMethod = (typeof CONNECTION_METHODS)[number];

export const connectionMethodLabels: Record<ConnectionMethod, string> = {
  app_registration: 'via your app registration',
  passwatch_app: 'via Passwatch app',
};

/**
 * What came of Connect with Microsoft: the callback sends the browser back to the page it started
 * from with one of these codes (`?entraConsent=`), which the page shows as the message here.
 */
const ENTRA_CONSENT_RESULTS = [
  'connected',
  'declined',
  'admin_required',
  'not_admin',
  'tenant_mismatch',
  'invalid_state',
  'expired_state',
  'unknown_tenant',
  'consent_not_found',
  'tenant_in_use',
  'failed',
] as const;
export type EntraConsentResult = (typeof ENTRA_CONSENT_RESULTS)[number];

export const entraConsentMessages: Record<EntraConsentResult, { tone: 'success' | 'error'; text: string }> = {
  connected: {
    tone: 'success',
    text: 'Connected with Microsoft via the Passwatch app. Enter the From Email, save the configuration, then run Test Connection.',
  },
  declined: {
    tone: 'error',
    text: 'Consent was declined on the Microsoft page, so Passwatch is not connected. Choose Connect with Microsoft again ' + 'and Accept to connect.',
  },
  admin_required: {
    tone: 'error',
    text:
      'Only an administrator can connect the organization: sign in on the Microsoft page as a Global Administrator ' +
      '(or Privileged Role / Cloud Application Administrator) of your tenant, or ask one to choose Connect with Microsoft.',
  },
  not_admin: {
    tone: 'error',
    text:
      'The account you signed in with on the Microsoft page is not a Global Administrator or Privileged Role ' +
      'Administrator of its tenant, so it cannot connect it. Nothing was changed: sign in as one, or ask one to choose ' +
      'Connect with Microsoft.',
  },
  tenant_mismatch: {
    tone: 'error',
    text:
      'Consent came back for another tenant than the one you signed in to. Nothing was changed: choose Connect with ' +
      'Microsoft again and sign in as an administrator of the tenant to connect.',
  },
  invalid_state: {
    tone: 'error',
    text: 'That Connect with Microsoft answer was not started here by you, or was already used. Nothing was changed: ' + 'choose Connect with Microsoft again.',
  },
  expired_state: { tone: 'error', text: 'Connect with Microsoft took too long (over 10 minutes). Nothing was changed: choose Connect with Microsoft again.' },
  unknown_tenant: {
    tone: 'error',
    text: 'Microsoft did not name a tenant Passwatch can find. Nothing was changed: check the tenant and choose Connect ' + 'with Microsoft again.',
  },
  consent_not_found: {
    tone: 'error',
    text:
      'Microsoft reported consent, but the Passwatch app has no access to the tenant. Nothing was changed: choose ' +
      'Connect with Microsoft again and Accept on the Microsoft page.',
  },
  tenant_in_use: {
    tone: 'error',
    text:
      'This Microsoft tenant is already connected to another Passwatch organization through the Passwatch app. Use ' +
      'that organization, or connect this one with your own app registration.',
  },
  failed: {
    tone: 'error',
    text: 'Microsoft could not complete Connect with Microsoft. Nothing was changed: try again, or connect with your own app registration.',
  },
};

export function isEntraConsentResult(value: string): value is EntraConsentResult {
  return (ENTRA_CONSENT_RESULTS as readonly string[]).includes(value);
}
