// Errors as Microsoft Graph and the Entra token endpoint put them on the wire (docs/domain.md §Graph errors).
// Handlers throw these; the app's error handler renders them once.

/** A Graph error: `{"error":{"code","message","innerError":{date, request-id, client-request-id}}}`. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** An Entra token endpoint error; the description is prefixed with `AADSTS{code}: `. */
export class TokenEndpointError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorCode: number,
    readonly description: string,
  ) {
    super(`AADSTS${errorCode}: ${description}`);
    this.name = 'TokenEndpointError';
  }
}

const INSUFFICIENT_PRIVILEGES = 'Insufficient privileges to complete the operation.';

export const insufficientPrivileges = () => new GraphError(403, 'Authorization_RequestDenied', INSUFFICIENT_PRIVILEGES);

export const invalidAuthenticationToken = (message: string) =>
  new GraphError(401, 'InvalidAuthenticationToken', message, {
    'WWW-Authenticate':
      'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
  });

export const badRequest = (message: string) => new GraphError(400, 'Request_BadRequest', message);

/** 404 for a directory object id (or userPrincipalName) the tenant does not have. */
export const resourceNotFound = (id: string) =>
  new GraphError(404, 'Request_ResourceNotFound', `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`);

export const unsupportedQuery = (message: string) => new GraphError(400, 'Request_UnsupportedQuery', message);

export const invalidJsonPayload = () =>
  new GraphError(400, 'BadRequest', 'Unable to read JSON request payload. Please ensure Content-Type header is set and payload is of valid JSON format.');

export interface ThrottleOptions {
  /** Seconds until the request may succeed; omitted from the reply when null. */
  retryAfterSeconds: number | null;
  /**
   * Sends Retry-After exactly as given instead (a fraction too): the fault switch's configured
   * value, so a client's tolerance of servers that send fractions stays testable.
   */
  verbatimRetryAfter?: string;
  code?: string;
  message?: string;
}

/** 429 with `Retry-After` in whole seconds (docs/domain.md §Throttling and Retry-After). */
export function tooManyRequests({ retryAfterSeconds, verbatimRetryAfter, code = 'TooManyRequests', message = 'Too many requests' }: ThrottleOptions) {
  const retryAfter = verbatimRetryAfter ?? (retryAfterSeconds === null ? undefined : formatRetryAfter(retryAfterSeconds));
  return new GraphError(429, code, message, retryAfter === undefined ? {} : { 'Retry-After': retryAfter });
}

/**
 * HTTP's delay-seconds is a whole number (RFC 9110 §10.2.3), so a wait is rounded up to the next
 * second, at least 1: a client that waits what it is told never comes back too early.
 */
export function formatRetryAfter(seconds: number): string {
  return String(Math.max(1, Math.ceil(seconds - 1e-9)));
}
