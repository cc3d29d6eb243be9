// Credentials of the seeded demo tenants. The Setup Guide shows DEMO_GRAPH_CREDENTIALS in demo
// mode; the others let tests hit each token and permission error of docs/domain.md §Graph tokens and §Graph errors.
import type { TenantCredentials } from './state.js';

export const CONTOSO_TENANT_ID = '3f2a9c71-5d4e-4b8a-9e1f-6c7d8a2b4e90';
export const FABRIKAM_TENANT_ID = '8b1e4d27-9a3c-4f6e-b5d2-1c9a7e3f6d48';

export interface DemoGraphCredentials extends TenantCredentials {
  /** A Contoso user without a mailbox (sendMail as them: 404 MailboxNotEnabledForRESTAPI). */
  noMailboxEmail: string;
}

/** Contoso, app "Passwatch Demo" with every permission Passwatch needs. */
export const DEMO_GRAPH_CREDENTIALS: DemoGraphCredentials = {
  directoryId: CONTOSO_TENANT_ID,
  applicationId: 'a7c3e9f1-2b4d-4e6a-8c1f-3d5b7a9e2c64',
  clientSecret: 'Dmo8Q~odJFCrnl2edlBD~dz1C5Jau2RJtBRnlWmT',
  clientSecretId: '5e9b2d41-7c3a-4f8e-a1d6-9b4c2e7f3a85',
  fromEmail: 'passwatch@contoso.com',
  noMailboxEmail: 'scanner@contoso.com',
};

/** Contoso, consented without Mail.Send: sendMail answers 403 ErrorAccessDenied. */
export const DEMO_APP_WITHOUT_MAIL_SEND: TenantCredentials = {
  directoryId: CONTOSO_TENANT_ID,
  applicationId: 'c4e8a2f6-1d3b-4a5c-9e7f-2b6d8c1a4e39',
  clientSecret: 'NoM8Q~SHf6pWkLUyifDLkDmWJ6UuVTAIjvFu7WIC',
  clientSecretId: '0a7d3f95-2c8e-4b1a-9f6d-4e2c8b5a7d13',
  fromEmail: 'passwatch@contoso.com',
};

/**
 * Contoso, consented User.Read.All, Domain.Read.All and Mail.Send only: without GroupMember.Read.All
 * (nor Group.Read.All or Directory.Read.All, which would cover it) groups and members answer 403.
 */
export const DEMO_APP_WITHOUT_GROUP_MEMBER_READ: TenantCredentials = {
  directoryId: CONTOSO_TENANT_ID,
  applicationId: 'e1b5d9c3-7f2a-4c8e-b6a4-5d3f1e9c7b26',
  clientSecret: 'NoG8Q~PhDeOZIiBOB.Y6sHrFH2ZUCr-.lgotu2iX',
  clientSecretId: '6c2e8a14-9d7b-4f3e-a5c1-8e4a2d6f9b37',
  fromEmail: 'passwatch@contoso.com',
};

/** Contoso, fully consented, but its only secret expired 30 days before seeding: AADSTS7000222. */
export const DEMO_APP_WITH_EXPIRED_SECRET: TenantCredentials = {
  directoryId: CONTOSO_TENANT_ID,
  applicationId: 'f9d3b7e5-4a1c-4e2b-8d6f-7c5a3e1b9d47',
  clientSecret: 'Exp8Q~W7GboIRoL3u6aH~w~nM~ztVuaP_coUNEhE',
  clientSecretId: '9f4b1d63-5e2a-4c7d-b8e3-1a6c9f2d5e48',
  fromEmail: 'passwatch@contoso.com',
};

/**
 * A multi-tenant app registered in Fabrikam that Contoso's admin never consented to: a token for
 * Contoso answers AADSTS7000229 (no service principal in the tenant).
 */
export const DEMO_APP_WITHOUT_CONSENT: TenantCredentials = {
  directoryId: CONTOSO_TENANT_ID,
  applicationId: '2d6a8e4c-3b5f-4d7a-9c2e-8f1b6d4a3c95',
  clientSecret: 'Mlt8Q~kk_iqq8vH2BzNZV45pFCiRcDCajhDieQj-',
  clientSecretId: '3b8e5c27-6a4f-4d9b-8e2a-7c1f4b9d6e52',
  fromEmail: 'passwatch@contoso.com',
};

/** The same multi-tenant app in its home tenant Fabrikam (a small tenant, fully consented). */
export const FABRIKAM_GRAPH_CREDENTIALS: TenantCredentials = {
  ...DEMO_APP_WITHOUT_CONSENT,
  directoryId: FABRIKAM_TENANT_ID,
  fromEmail: 'passwatch@fabrikam.com',
};
