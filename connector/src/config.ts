// The connector's configuration: a JSON file, with the server's address and key also from the
// environment (docs/connector.md §Configuration). Secrets may live in files of their own, so the
// configuration file can be readable by more people than the password.
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve, dirname } from 'node:path';
import { z } from 'zod';
import { CONNECTOR_KEY_PATTERN } from '../../src/shared/api/connector-snapshot.js';
import { ConnectorError, EXIT } from './errors.js';

// A Global Catalog does not hold msDS-UserPasswordExpiryTimeComputed (it is constructed by the
// domain's own DCs), so its ports are refused rather than read into a snapshot of empty dates.
const GLOBAL_CATALOG_PORTS = new Set([3268, 3269]);

const domainConfigSchema = z
  .strictObject({
    /** The DC's DNS name as its certificate names it (an address works when the certificate lists it). */
    host: z.string().min(1),
    port: z.number().int().min(1).max(65_535).optional(),
    /** ldaps: TLS from the first byte (port 636); starttls: plain LDAP upgraded before the bind (port 389). */
    security: z.enum(['ldaps', 'starttls']).default('ldaps'),
    /** The domain's naming context; read from the DC's rootDSE when left out. */
    baseDn: z.string().min(1).optional(),
    /** The read-only account: a DN or user@domain. */
    bindDn: z.string().min(1),
    password: z.string().min(1).optional(),
    passwordFile: z.string().min(1).optional(),
    /** PEM file with the CA(s) that issued the DC's certificate; the system's trusted CAs otherwise. */
    caFile: z.string().min(1).optional(),
    timeoutSeconds: z.number().int().min(1).max(600).default(60),
  })
  .refine((domain) => (domain.password === undefined) !== (domain.passwordFile === undefined), {
    message: 'give exactly one of "password" and "passwordFile"',
    path: ['password'],
  })
  .refine((domain) => domain.port === undefined || !GLOBAL_CATALOG_PORTS.has(domain.port), {
    message: 'ports 3268 and 3269 are the Global Catalog, which does not compute password expiry: use 636 (ldaps) or 389 (starttls)',
    path: ['port'],
  });

const configFileSchema = z.strictObject({
  /** The Passwatch server, e.g. https://passwatch.example.com (PASSWATCH_URL overrides it). */
  serverUrl: z.string().optional(),
  /** A file holding the connector key (PASSWATCH_CONNECTOR_KEY or PASSWATCH_CONNECTOR_KEY_FILE override it). */
  keyFile: z.string().min(1).optional(),
  domains: z.array(domainConfigSchema).min(1, 'list at least one domain'),
});

export interface DomainConfig {
  host: string;
  port: number;
  security: 'ldaps' | 'starttls';
  baseDn: string | undefined;
  bindDn: string;
  password: string;
  /** PEM text of the CA(s) to trust, or undefined for the system's store. */
  ca: string | undefined;
  timeoutMs: number;
}

export interface ServerConfig {
  url: URL;
  key: string;
}

export interface ConnectorConfig {
  /** Undefined only when the server is not needed (--dry-run). */
  server: ServerConfig | undefined;
  domains: DomainConfig[];
}

type Environment = Record<string, string | undefined>;

function readSecretFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new ConnectorError(EXIT.configuration, `cannot read the ${what} file ${path}: ${(error as Error).message}`);
  }
}

function serverUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConnectorError(EXIT.configuration, `the server URL ${JSON.stringify(text)} is not a URL`);
  }
  // The key and the directory's data travel in this request: only over TLS, except to this very machine.
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ConnectorError(EXIT.configuration, `the server URL must start with https:// (got ${url.protocol}//${url.host})`);
  }
  return url;
}

function resolveServer(file: z.infer<typeof configFileSchema>, baseDir: string, env: Environment): ServerConfig {
  const urlText = env.PASSWATCH_URL ?? file.serverUrl;
  if (!urlText) throw new ConnectorError(EXIT.configuration, 'no server: set "serverUrl" in the configuration or PASSWATCH_URL');
  const keyFile = env.PASSWATCH_CONNECTOR_KEY_FILE ?? (file.keyFile ? resolve(baseDir, file.keyFile) : undefined);
  const key = env.PASSWATCH_CONNECTOR_KEY ?? (keyFile ? readSecretFile(keyFile, 'connector key') : undefined);
  if (!key)
    throw new ConnectorError(
      EXIT.configuration,
      'no connector key: set "keyFile" in the configuration, PASSWATCH_CONNECTOR_KEY or PASSWATCH_CONNECTOR_KEY_FILE',
    );
  if (!CONNECTOR_KEY_PATTERN.test(key)) {
    throw new ConnectorError(
      EXIT.configuration,
      'the connector key is not a Passwatch connector key (pwc_ and 43 characters): copy it again from Configuration',
    );
  }
  return { url: serverUrl(urlText), key };
}

/** Reads and checks the configuration file; `needServer` is false for --dry-run, which sends nothing. */
export function loadConfig(path: string, env: Environment, needServer: boolean): ConnectorConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConnectorError(EXIT.configuration, `cannot read the configuration ${path}: ${(error as Error).message}`);
  }
  const parsed = configFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConnectorError(EXIT.configuration, `the configuration ${path} is not valid: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  const baseDir = dirname(resolve(path));
  const inBaseDir = (file: string) => (isAbsolute(file) ? file : resolve(baseDir, file));
  const domains = parsed.data.domains.map(
    (domain): DomainConfig => ({
      host: domain.host,
      port: domain.port ?? (domain.security === 'ldaps' ? 636 : 389),
      security: domain.security,
      baseDn: domain.baseDn,
      bindDn: domain.bindDn,
      password: domain.password ?? readSecretFile(inBaseDir(domain.passwordFile!), 'password'),
      ca: domain.caFile ? readSecretFile(inBaseDir(domain.caFile), 'CA') : undefined,
      timeoutMs: domain.timeoutSeconds * 1000,
    }),
  );
  return { server: needServer ? resolveServer(parsed.data, baseDir, env) : undefined, domains };
}
