// Every failure the connector reports, with the exit code a scheduler sees (docs/connector.md
// §Exit codes). The messages say what to fix; they never hold a password or the key.

export const EXIT = {
  ok: 0,
  unexpected: 1,
  configuration: 2,
  badCredentials: 3,
  certificateNotTrusted: 4,
  strongAuthRequired: 5,
  dcUnreachable: 6,
  keyRefused: 7,
  serverRefusedData: 8,
  serverUnavailable: 9,
  directoryError: 10,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class ConnectorError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

// LDAP result codes (RFC 4511 §4.1.9) the connector names.
const LDAP_STRONG_AUTH_REQUIRED = 8;
const LDAP_CONFIDENTIALITY_REQUIRED = 13;
const LDAP_INVALID_CREDENTIALS = 49;

// Node's TLS verification failures (tls.TLSSocket authorizationError codes).
const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_SIGNATURE_FAILURE',
]);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE']);

/** What went wrong talking to one domain controller, as the error a person can act on. */
export function ldapFailure(error: unknown, server: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  if (code === LDAP_INVALID_CREDENTIALS) {
    return new ConnectorError(
      EXIT.badCredentials,
      `${server} refused the bind: wrong bind DN or password, or the account is disabled, locked or expired (LDAP 49: ${detail})`,
    );
  }
  if (code === LDAP_STRONG_AUTH_REQUIRED || code === LDAP_CONFIDENTIALITY_REQUIRED) {
    return new ConnectorError(
      EXIT.strongAuthRequired,
      `${server} requires LDAP signing or an encrypted connection (LDAP ${code}): use "security": "ldaps" (port 636) or "starttls" (port 389)`,
    );
  }
  if (typeof code === 'string' && UNTRUSTED_CERTIFICATE_CODES.has(code)) {
    return new ConnectorError(
      EXIT.certificateNotTrusted,
      `the certificate of ${server} is not trusted (${code}: ${detail}): give the CA that issued it in "caFile" and connect by a name the certificate holds`,
    );
  }
  if ((typeof code === 'string' && UNREACHABLE_CODES.has(code)) || /timeout|timed out|connection closed/i.test(detail)) {
    return new ConnectorError(EXIT.dcUnreachable, `${server} cannot be reached: ${detail}`);
  }
  return new ConnectorError(EXIT.directoryError, `${server} answered with an error: ${detail}${typeof code === 'number' ? ` (LDAP ${code})` : ''}`);
}
