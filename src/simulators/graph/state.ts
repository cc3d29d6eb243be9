// Everything the simulator remembers: tenants and their directories, app registrations, issued
// tokens, fault switches, limits, throttling counters and the mail it accepted.
import type { KeyObject } from 'node:crypto';
import type { SimTenant } from './directory.js';
import type { TokenBucket } from './directory-throttle.js';
import { createMailLimitState, type MailLimitState } from './mail-limits.js';
import { createRandom, type Random } from './random.js';

interface ClientSecret {
  /** The secret's ID (keyId): what admins paste by mistake instead of the value. */
  keyId: string;
  value: string;
  displayName: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** An app registration, global like in Entra: it lives in its home tenant and may be multi-tenant. */
export interface AppRegistration {
  appId: string;
  displayName: string;
  homeTenantId: string;
  /** AzureADMultipleOrgs: other tenants can consent to it (else AADSTS700016 outside home). */
  multiTenant: boolean;
  secrets: ClientSecret[];
  /** Certificates whose keys may sign client assertions (keyCredentials). */
  certificates?: AppCertificate[];
  /** Where the admin-consent page may send the browser back; compared exactly. */
  redirectUris?: string[];
  /** The application permissions an admin grants by consenting (the app's required resource access). */
  requiredPermissions?: string[];
}

/** A certificate uploaded to an app registration: what Entra matches an assertion's header against. */
export interface AppCertificate {
  /** base64url SHA-1 of the DER certificate: the `x5t` header. */
  thumbprintSha1: string;
  /** base64url SHA-256 of the DER certificate: the `x5t#S256` header. */
  thumbprintSha256: string;
  publicKey: KeyObject;
  /** Epoch ms. */
  notBefore: number;
  /** Epoch ms. */
  notAfter: number;
}

/** What the product's configuration needs to connect to a tenant. */
export interface TenantCredentials {
  directoryId: string;
  applicationId: string;
  clientSecret: string;
  clientSecretId: string;
  fromEmail: string;
}

/** A tenant with the app registrations that live in it, ready to be added to a simulator. */
export interface TenantBundle {
  tenant: SimTenant;
  applications: AppRegistration[];
}

export interface IssuedToken {
  tenantId: string;
  appId: string;
  /** Application permissions consented when the token was issued (the token's `roles`). */
  roles: ReadonlySet<string>;
  /** Epoch ms. */
  expiresAt: number;
}

/** A code the sign-in page gave to an app, redeemable once at the token endpoint. */
interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  /** S256 PKCE challenge; null when the app sent none. */
  codeChallenge: string | null;
  nonce: string | undefined;
  /** The signed-in account's object id. */
  objectId: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface GraphFaults {
  /** Added to every Graph and token request (milliseconds). */
  latencyMs: number;
  /** Share (0..1) of Graph requests answering 500 generalException. */
  errorRate: number;
  /** Every Graph request answers 503 with Retry-After. */
  serviceUnavailable: boolean;
  /** 429 answers carry no Retry-After header (clients must back off on their own). */
  throttleWithoutRetryAfter: boolean;
  /** The next N Graph requests answer 429. */
  forceThrottle: number;
  /** Retry-After (seconds) of forced 429s and of 503s, sent as configured (a fraction too, unlike computed waits). */
  retryAfterSeconds: number;
  /** Every sendMail is refused with this Exchange error (403), as a full, blocked or send-as-denied mailbox answers; null: none. */
  sendMailRefusal: SendMailRefusal | null;
}

/** Exchange's refusals of a mailbox that Mail.Send cannot fix. */
export const SEND_MAIL_REFUSALS = ['ErrorQuotaExceeded', 'ErrorSendAsDenied', 'ErrorMessageSubmissionBlocked'] as const;
export type SendMailRefusal = (typeof SEND_MAIL_REFUSALS)[number];

export interface SimulatorSettings {
  /** `expires_in` of issued tokens; the token stops working after it. */
  tokenLifetimeSeconds: number;
  /** Directory resource units per 10 s per app and tenant; null: by tenant size (3,500/5,000/8,000). */
  directoryBudgetPer10Seconds: number | null;
  /** Exchange Online messages per minute per sending mailbox. */
  mailMessagesPerMinute: number;
  /** Exchange Online recipients per rolling 24 hours per sending mailbox. */
  mailRecipientsPer24Hours: number;
  /** Outlook service requests per 10 minutes per app and mailbox. */
  mailRequestsPer10Minutes: number;
  /** Outlook service concurrent requests per app and mailbox. */
  mailConcurrentRequests: number;
}

export interface SentMessage {
  id: string;
  tenantId: string;
  /** The sending mailbox's address. */
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** The body Exchange stores: the HTML part when the message has one. */
  contentType: 'HTML' | 'Text';
  content: string;
  /** The text/plain part of a MIME message (multipart/alternative), '\n' line breaks; null for JSON sends, which carry one body. */
  textContent: string | null;
  saveToSentItems: boolean;
  /** ISO 8601. */
  receivedAt: string;
}

export interface GraphSimulatorState {
  readonly clock: () => Date;
  /** Whether reset() seeds the demo tenants (Contoso and Fabrikam). */
  readonly seedDemo: boolean;
  readonly tenants: Map<string, SimTenant>;
  readonly applications: Map<string, AppRegistration>;
  readonly accessTokens: Map<string, IssuedToken>;
  /** Authorization codes of the simulated sign-in, by code. */
  readonly authorizationCodes: Map<string, AuthorizationCode>;
  /** `jti` of every client assertion accepted, until it expires (epoch ms): each is single use. */
  readonly usedAssertionIds: Map<string, number>;
  /** Apps registered with registerApplication (a vendor's multi-tenant app): kept by reset, their consents not. */
  readonly hostedApplications: AppRegistration[];
  readonly sentMail: SentMessage[];
  readonly directoryBuckets: Map<string, TokenBucket>;
  readonly mailLimits: MailLimitState;
  faults: GraphFaults;
  settings: SimulatorSettings;
  /** Decides which requests the errorRate fault hits; seeded so runs repeat. */
  faultRandom: Random;
}

export const DEFAULT_FAULTS: Readonly<GraphFaults> = {
  latencyMs: 0,
  errorRate: 0,
  serviceUnavailable: false,
  throttleWithoutRetryAfter: false,
  forceThrottle: 0,
  retryAfterSeconds: 1,
  sendMailRefusal: null,
};

export const DEFAULT_SETTINGS: Readonly<SimulatorSettings> = {
  tokenLifetimeSeconds: 3599,
  directoryBudgetPer10Seconds: null,
  mailMessagesPerMinute: 30,
  mailRecipientsPer24Hours: 10_000,
  mailRequestsPer10Minutes: 10_000,
  mailConcurrentRequests: 4,
};

const FAULT_SEED = 7;

export function createEmptyState(clock: () => Date, seedDemo: boolean): GraphSimulatorState {
  return {
    clock,
    seedDemo,
    tenants: new Map(),
    applications: new Map(),
    accessTokens: new Map(),
    authorizationCodes: new Map(),
    usedAssertionIds: new Map(),
    hostedApplications: [],
    sentMail: [],
    directoryBuckets: new Map(),
    mailLimits: createMailLimitState(),
    faults: { ...DEFAULT_FAULTS },
    settings: { ...DEFAULT_SETTINGS },
    faultRandom: createRandom(FAULT_SEED),
  };
}

/** Forgets tenants, tokens, mail, counters and switches (the maps stay the same objects). */
export function clearState(state: GraphSimulatorState): void {
  state.tenants.clear();
  state.applications.clear();
  state.accessTokens.clear();
  state.authorizationCodes.clear();
  state.usedAssertionIds.clear();
  state.sentMail.length = 0;
  state.directoryBuckets.clear();
  state.mailLimits.concurrent.clear();
  state.mailLimits.requests.clear();
  state.mailLimits.messages.clear();
  state.mailLimits.recipients.clear();
  state.faults = { ...DEFAULT_FAULTS };
  state.settings = { ...DEFAULT_SETTINGS };
  state.faultRandom = createRandom(FAULT_SEED);
}

/** Registers a tenant and its app registrations; tenant and app ids must be new. Maps are keyed lower-case. */
export function addTenant(state: GraphSimulatorState, bundle: TenantBundle): void {
  const tenantKey = bundle.tenant.id.toLowerCase();
  if (state.tenants.has(tenantKey)) throw new Error(`Tenant ${bundle.tenant.id} is already registered`);
  for (const application of bundle.applications) {
    if (state.applications.has(application.appId.toLowerCase())) {
      throw new Error(`Application ${application.appId} is already registered`);
    }
  }
  state.tenants.set(tenantKey, bundle.tenant);
  for (const application of bundle.applications) state.applications.set(application.appId.toLowerCase(), application);
}

/** By GUID or by any of the tenant's domain names, as the token endpoint accepts both. */
export function findTenant(state: GraphSimulatorState, idOrDomain: string): SimTenant | undefined {
  const key = idOrDomain.toLowerCase();
  const byId = state.tenants.get(key);
  if (byId) return byId;
  for (const tenant of state.tenants.values()) {
    if (tenant.domains.some((domain) => domain.id.toLowerCase() === key)) return tenant;
  }
  return undefined;
}

/** Registers an app that lives outside the seeded tenants (a vendor's multi-tenant app); reset keeps it. */
export function registerApplication(state: GraphSimulatorState, application: AppRegistration): void {
  const key = application.appId.toLowerCase();
  if (state.applications.has(key)) throw new Error(`Application ${application.appId} is already registered`);
  state.hostedApplications.push(application);
  state.applications.set(key, application);
}
