import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GUID_PATTERN } from '../shared/api/guid.js';
import { certificateCredentialProblem } from './integrations/graph/index.js';
import { parsePemCertificates } from './integrations/paypal/index.js';

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' })));

/**
 * ADMIN_SUBJECTS: comma-separated `ISSUER#SUBJECT` entries. An issuer URL never has a fragment, so
 * the first `#` separates the two.
 */
const subjectList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(/^https?:\/\/[^#\s]+#\S+$/, { error: 'must be a comma-separated list of ISSUER_URL#SUBJECT entries' })
        .transform((entry) => {
          const separator = entry.indexOf('#');
          return { issuer: entry.slice(0, separator), subject: entry.slice(separator + 1) };
        }),
    ),
  );

const optionalUrl = z.url({ error: 'must be an absolute URL' }).optional();

/** A PEM block; `\n` written as two characters (one-line environment files) counts as a line break. */
const pemFromEnv = z.string().transform((value) => value.replace(/\\n/g, '\n').trim() + '\n');

/** An address, or a display name and an address: `Passwatch <alerts@example.com>`. */
const mailbox = z
  .string()
  .trim()
  .regex(/^(?:[^<>\r\n"]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, { error: 'must be an address or Name <address>' });

/** The sender of account mail when MAIL_FROM is unset (only possible without SMTP_URL: the demo's sink). */
const DEMO_MAIL_FROM = 'Passwatch <account-mail@passwatch.invalid>';

/** Settings whose value is or may carry a secret. */
const SECRET_SETTINGS: ReadonlySet<string> = new Set([
  'SMTP_URL',
  'DATABASE_URL',
  'OIDC_CLIENT_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'SECRETS_ENCRYPTION_KEY',
  'ENTRA_APP_PRIVATE_KEY',
  'ENTRA_APP_CLIENT_SECRET',
  'METRICS_TOKEN',
]);

/** Every setting the server reads, documented in .env.example. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    APP_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFromEnv.default(false),

    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection string' })
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    CHECK_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(99).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    TENANT_READ_CACHE: booleanFromEnv.default(true),
    EMBEDDED_POSTGRES_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(5433),

    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().min(1).default('openid email profile'),
    OIDC_TRUST_EMAIL: booleanFromEnv.default(false),
    DEMO_IDENTITY_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3001),

    ENTRA_AUTHORITY_URL: z.url({ error: 'must be an absolute URL' }).default('https://login.microsoftonline.com'),
    GRAPH_API_URL: z.url({ error: 'must be an absolute URL' }).default('https://graph.microsoft.com'),
    DEMO_GRAPH_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3002),
    GRAPH_REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(1_000).max(300_000).default(30_000),
    GRAPH_MAX_ATTEMPTS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(20).default(6),
    ENTRA_APP_CLIENT_ID: z.string().regex(GUID_PATTERN, { error: 'must be the Application (client) ID GUID of the multi-tenant app' }).optional(),
    ENTRA_APP_CERTIFICATE: pemFromEnv.optional(),
    ENTRA_APP_PRIVATE_KEY: pemFromEnv.optional(),
    ENTRA_APP_CLIENT_SECRET: z.string().min(1).optional(),
    MAIL_RATE_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).default(30),
    MAIL_MAX_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(4).default(4),
    MAIL_DAILY_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).default(10_000),
    SECRETS_ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, { error: 'must be 32 random bytes in base64 (openssl rand -base64 32)' })
      .optional(),

    PAYPAL_API_URL: z.url({ error: 'must be an absolute URL' }).default('https://api-m.sandbox.paypal.com'),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    PAYPAL_PRODUCT_ID: z.string().min(1).optional(),
    PAYPAL_MONTHLY_PLAN_ID: z.string().min(1).optional(),
    PAYPAL_YEARLY_PLAN_ID: z.string().min(1).optional(),
    PAYPAL_WEB_URL: optionalUrl,
    PAYPAL_CERT_HOSTS: z
      .string()
      .default('api.paypal.com,api-m.paypal.com,api.sandbox.paypal.com,api-m.sandbox.paypal.com')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    PAYPAL_CERT_CA_FILE: z
      .string()
      .transform((file, ctx) => {
        try {
          const pem = readFileSync(file, 'utf8');
          parsePemCertificates(pem);
          return [pem];
        } catch (error) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a readable file of PEM CA certificates (${error instanceof Error ? error.message : String(error)})`,
          });
          return z.NEVER;
        }
      })
      .optional(),
    DEMO_PAYPAL_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3003),
    SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@passwatch.app'),

    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)' }).optional(),
    MAIL_FROM: mailbox.optional(),
    CONFIGURATION_ALERT_WINDOW_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int({ error: 'must be a whole number of seconds' })
      .min(1, { error: 'must be at least 1 second' })
      .max(24 * 3_600, { error: 'must be at most 86400 seconds (a day)' })
      .default(15 * 60),

    ADMIN_EMAILS: emailList.default([]),
    ADMIN_SUBJECTS: subjectList.default([]),
    SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 90)
      .default(60 * 24 * 7),
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    COOKIE_SECURE: booleanFromEnv.optional(),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(10 * 1024 * 1024)
      .default(1024 * 1024),
    REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(1000).max(600_000).default(30_000),

    RATE_LIMIT_SIGN_INS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(30),
    RATE_LIMIT_EMAILS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(60),
    RATE_LIMIT_CHECKS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(10),
    RATE_LIMIT_ORGANIZATIONS_PER_DAY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(10),
    RATE_LIMIT_CONNECTOR_REQUESTS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(300),
    RATE_LIMIT_CONNECTOR_KEY_FAILURES_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(20),

    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters (e.g. openssl rand -hex 24)' }).optional(),
    METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),

    RETENTION_AUDIT_MONTHS: z.coerce.number({ error: 'must be a whole number of months' }).int().min(1).max(120).default(13),
    RETENTION_RECORDS_MONTHS: z.coerce.number({ error: 'must be a whole number of months' }).int().min(1).max(120).default(6),
  })
  .superRefine((env, ctx) => {
    const demo = env.OIDC_ISSUER_URL === undefined && env.OIDC_CLIENT_ID === undefined && env.OIDC_CLIENT_SECRET === undefined;
    if (!demo) {
      // Outside demo mode payments are real, so PayPal must be configured.
      for (const key of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const) {
        if (env[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'is required outside demo mode (when OIDC_* is set)' });
      }
    }
    if (env.NODE_ENV === 'production' && env.SECRETS_ENCRYPTION_KEY === undefined) {
      ctx.addIssue({ code: 'custom', path: ['SECRETS_ENCRYPTION_KEY'], message: 'is required in production' });
    }
    if (env.CHECK_CONCURRENCY !== undefined && env.CHECK_CONCURRENCY >= env.DATABASE_POOL_SIZE) {
      // Each running check holds a connection for its liveness lock and needs another for its writes.
      ctx.addIssue({
        code: 'custom',
        path: ['CHECK_CONCURRENCY'],
        message: `must be less than DATABASE_POOL_SIZE (${env.DATABASE_POOL_SIZE}): each running check holds a database connection of its own`,
      });
    }
    if (env.SMTP_URL !== undefined && env.MAIL_FROM === undefined) {
      // Mail from an address the operator did not choose would fail the receivers' SPF/DMARC checks.
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
    }
    checkEntraApp(env, ctx);
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    const given = oidc.filter((value) => value !== undefined).length;
    if (given > 0 && given < 3) {
      for (const key of ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (env[key] === undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any OIDC_* setting is given' });
        }
      }
    }
  });

type Environment = z.infer<typeof environmentSchema>;

type EntraAppEnvironment = {
  ENTRA_APP_CLIENT_ID?: string | undefined;
  ENTRA_APP_CERTIFICATE?: string | undefined;
  ENTRA_APP_PRIVATE_KEY?: string | undefined;
  ENTRA_APP_CLIENT_SECRET?: string | undefined;
};

/** The operator's multi-tenant app: a client id with a certificate and its key, or a secret. */
function checkEntraApp(env: EntraAppEnvironment, ctx: z.RefinementCtx): void {
  const certificate = env.ENTRA_APP_CERTIFICATE;
  const privateKey = env.ENTRA_APP_PRIVATE_KEY;
  const credentialGiven = certificate !== undefined || privateKey !== undefined || env.ENTRA_APP_CLIENT_SECRET !== undefined;
  if (env.ENTRA_APP_CLIENT_ID === undefined) {
    if (credentialGiven)
      ctx.addIssue({ code: 'custom', path: ['ENTRA_APP_CLIENT_ID'], message: 'is required when a certificate or secret of the app is given' });
    return;
  }
  if ((certificate === undefined) !== (privateKey === undefined)) {
    const missing = certificate === undefined ? 'ENTRA_APP_CERTIFICATE' : 'ENTRA_APP_PRIVATE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other half of the certificate credential' });
    return;
  }
  if (certificate !== undefined && privateKey !== undefined) {
    const problem = certificateCredentialProblem({ certificatePem: certificate, privateKeyPem: privateKey });
    if (problem) ctx.addIssue({ code: 'custom', path: ['ENTRA_APP_CERTIFICATE'], message: problem });
    return;
  }
  if (env.ENTRA_APP_CLIENT_SECRET === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENTRA_APP_CERTIFICATE'],
      message: 'ENTRA_APP_CLIENT_ID needs a certificate (ENTRA_APP_CERTIFICATE and ENTRA_APP_PRIVATE_KEY) or ENTRA_APP_CLIENT_SECRET',
    });
  }
}

/**
 * The operator's multi-tenant Entra app that Connect with Microsoft asks customers to consent to;
 * a certificate is preferred over a secret when both are given.
 */
export type EntraAppSettings =
  | { clientId: string; credential: 'certificate'; certificatePem: string; privateKeyPem: string }
  | { clientId: string; credential: 'secret'; clientSecret: string };

function entraAppSettings(env: EntraAppEnvironment): EntraAppSettings | null {
  const clientId = env.ENTRA_APP_CLIENT_ID;
  if (clientId === undefined) return null;
  if (env.ENTRA_APP_CERTIFICATE !== undefined && env.ENTRA_APP_PRIVATE_KEY !== undefined) {
    return { clientId, credential: 'certificate', certificatePem: env.ENTRA_APP_CERTIFICATE, privateKeyPem: env.ENTRA_APP_PRIVATE_KEY };
  }
  return env.ENTRA_APP_CLIENT_SECRET === undefined ? null : { clientId, credential: 'secret', clientSecret: env.ENTRA_APP_CLIENT_SECRET };
}

export interface RateLimitSettings {
  signInsPerMinute: number;
  emailsPerHour: number;
  checksPerHour: number;
  organizationsPerDay: number;
  /** Requests per connector key (docs/connector.md §Rate limits). */
  connectorRequestsPerMinute: number;
  /** Missing, wrong or revoked connector keys per client address. */
  connectorKeyFailuresPerHour: number;
}

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /**
   * Treat the provider's `email` claim as verified even without `email_verified: true` (only for a
   * provider that lets nobody assert an address they do not own).
   */
  trustEmail: boolean;
}

/** An operator admin named by the identity provider's issuer and the subject it signs in as. */
interface AdminSubject {
  issuer: string;
  subject: string;
}

export interface AppConfig {
  env: Environment['NODE_ENV'];
  host: string;
  port: number;
  /** Public base URL of the app, without trailing slash (callback and return URLs hang off it). */
  appUrl: string;
  logLevel: Environment['LOG_LEVEL'];
  trustProxy: boolean;
  /** Demo mode: no identity provider configured, so simulators stand in for the outside world. */
  demoMode: boolean;
  database: { url: string | undefined; poolSize: number; embeddedPort: number };
  /** Scheduled password checks this instance runs at once (each holds a database connection while it runs). */
  checkConcurrency: number;
  /** Keep the dashboard's reads until the organization changes (docs/architecture.md §Reads kept between changes). */
  tenantReadCache: boolean;
  dataDir: string;
  /** Null in demo mode: the local development issuer is started instead. */
  oidc: OidcSettings | null;
  demoIdentityPort: number;
  /** Entra token endpoint base and Graph base; demo mode points both at the Graph simulator. */
  graph: {
    authorityUrl: string;
    apiUrl: string;
    demoPort: number;
    /** Per Graph or token request (each attempt), answer included. */
    requestTimeoutMs: number;
    /** Attempts per request when throttled (429) or unavailable (503/504), the first included. */
    maxAttempts: number;
  };
  /** The operator's multi-tenant app for Connect with Microsoft; null: only the customer's own app registration. Demo mode sets one up. */
  entraApp: EntraAppSettings | null;
  /** Base64 AES-256 key for client secrets at rest; demo mode generates one under DATA_DIR when unset. */
  secretsEncryptionKey: string | undefined;
  /** PayPal REST; credentials unset only in demo mode, where the PayPal simulator is started. */
  paypal: {
    apiUrl: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookId: string | undefined;
    productId: string | undefined;
    monthlyPlanId: string | undefined;
    yearlyPlanId: string | undefined;
    /** Buyer site for the automatic-payments page; unset: www.paypal.com / www.sandbox.paypal.com after apiUrl. */
    webUrl: string | undefined;
    /** Hosts a webhook's PAYPAL-CERT-URL may point at. */
    certHosts: string[];
    /** CA certificates (PEM) trusted for the webhook certificate besides Node's bundled roots. */
    trustedCaPems: string[];
    demoPort: number;
  };
  supportEmail: string;
  /**
   * The product's own mail (alerts, reports, announcements) by SMTP. `url` unset: off, except in
   * demo mode, where an in-process SMTP sink stands in. The URL may carry a password: never logged.
   */
  accountMail: {
    smtpUrl: string | undefined;
    from: string;
    /** Configuration changes collected, from the first, into one security alert (docs/product.md §Account mail). */
    configurationAlertWindowMs: number;
  };
  /** Operator admins by an address their provider verified at sign-in. */
  adminEmails: string[];
  /** Operator admins by issuer + subject, whatever their address. */
  adminSubjects: AdminSubject[];
  session: { idleTimeoutMs: number; maxAgeMs: number; cookieSecure: boolean };
  bodyLimitBytes: number;
  /** The most a client may take to send a whole request (headers and body); a slower one is cut off with 408. */
  requestTimeoutMs: number;
  /** Requests allowed per client address (sign-in starts) or per signed-in user (the rest), across all instances. */
  rateLimits: RateLimitSettings;
  /** Exchange Online's limits per sending mailbox, which the sender keeps to across all instances. */
  mail: { ratePerMinute: number; maxConcurrency: number; dailyLimit: number };
  /**
   * Prometheus metrics (docs/operations.md §Metrics): served on the app's port at /metrics when a
   * bearer token is set, and on a port of their own when `port` is set; off when neither is.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** How many months rows are kept before the daily retention job deletes them (docs/operations.md §Retention). */
  retention: { auditMonths: number; recordsMonths: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings (as left by a copied .env.example) mean "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        // A value that may carry a secret (a password in SMTP_URL) is named, never echoed to the console.
        return `${name}: ${issue.message}${SECRET_SETTINGS.has(name) ? ' (value not shown: it may hold a secret)' : ` (got ${JSON.stringify(present[name] ?? null)})`}`;
      }),
    );
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const oidc =
    env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuerUrl: env.OIDC_ISSUER_URL,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          scopes: env.OIDC_SCOPES,
          trustEmail: env.OIDC_TRUST_EMAIL,
        }
      : null;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    demoMode: oidc === null,
    database: { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, embeddedPort: env.EMBEDDED_POSTGRES_PORT },
    // Half the pool by default: the other half serves the checks' writes, sending, requests and pg-boss.
    checkConcurrency: env.CHECK_CONCURRENCY ?? Math.max(1, Math.floor(env.DATABASE_POOL_SIZE / 2)),
    tenantReadCache: env.TENANT_READ_CACHE,
    dataDir: path.resolve(env.DATA_DIR),
    oidc,
    demoIdentityPort: env.DEMO_IDENTITY_PORT,
    graph: {
      authorityUrl: env.ENTRA_AUTHORITY_URL.replace(/\/+$/, ''),
      apiUrl: env.GRAPH_API_URL.replace(/\/+$/, ''),
      demoPort: env.DEMO_GRAPH_PORT,
      requestTimeoutMs: env.GRAPH_REQUEST_TIMEOUT_MS,
      maxAttempts: env.GRAPH_MAX_ATTEMPTS,
    },
    entraApp: entraAppSettings(env),
    secretsEncryptionKey: env.SECRETS_ENCRYPTION_KEY,
    paypal: {
      apiUrl: env.PAYPAL_API_URL.replace(/\/+$/, ''),
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      productId: env.PAYPAL_PRODUCT_ID,
      monthlyPlanId: env.PAYPAL_MONTHLY_PLAN_ID,
      yearlyPlanId: env.PAYPAL_YEARLY_PLAN_ID,
      webUrl: env.PAYPAL_WEB_URL?.replace(/\/+$/, ''),
      certHosts: env.PAYPAL_CERT_HOSTS,
      trustedCaPems: env.PAYPAL_CERT_CA_FILE ?? [],
      demoPort: env.DEMO_PAYPAL_PORT,
    },
    supportEmail: env.SUPPORT_EMAIL,
    accountMail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? DEMO_MAIL_FROM, configurationAlertWindowMs: env.CONFIGURATION_ALERT_WINDOW_SECONDS * 1_000 },
    adminEmails: env.ADMIN_EMAILS,
    adminSubjects: env.ADMIN_SUBJECTS,
    session: {
      idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      maxAgeMs: env.SESSION_MAX_AGE_DAYS * 24 * 3_600_000,
      cookieSecure: env.COOKIE_SECURE ?? (env.NODE_ENV === 'production' || appUrl.startsWith('https://')),
    },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    rateLimits: {
      signInsPerMinute: env.RATE_LIMIT_SIGN_INS_PER_MINUTE,
      emailsPerHour: env.RATE_LIMIT_EMAILS_PER_HOUR,
      checksPerHour: env.RATE_LIMIT_CHECKS_PER_HOUR,
      organizationsPerDay: env.RATE_LIMIT_ORGANIZATIONS_PER_DAY,
      connectorRequestsPerMinute: env.RATE_LIMIT_CONNECTOR_REQUESTS_PER_MINUTE,
      connectorKeyFailuresPerHour: env.RATE_LIMIT_CONNECTOR_KEY_FAILURES_PER_HOUR,
    },
    mail: { ratePerMinute: env.MAIL_RATE_PER_MINUTE, maxConcurrency: env.MAIL_MAX_CONCURRENCY, dailyLimit: env.MAIL_DAILY_LIMIT },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
    retention: { auditMonths: env.RETENTION_AUDIT_MONTHS, recordsMonths: env.RETENTION_RECORDS_MONTHS },
  };
}
