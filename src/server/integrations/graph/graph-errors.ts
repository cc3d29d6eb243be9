import type { GraphPermission } from '../../../shared/domain/graph-permissions.js';

// Every failure of the token endpoint or Microsoft Graph becomes a GraphError whose message says
// what to do about it. Branches on error codes, never on text (docs/domain.md §Graph errors).

/** credentials, permission, not_found, mailbox: the organization must fix something; the rest pass. */
export type GraphErrorKind = 'credentials' | 'permission' | 'not_found' | 'mailbox' | 'throttled' | 'unavailable' | 'timeout' | 'network' | 'unexpected';

export class GraphError extends Error {
  /** 'AADSTS7000215', 'Authorization_RequestDenied', 'TooManyRequests', 'timeout', ... */
  readonly code: string;
  /** HTTP status, or null when no answer came (timeout, network). */
  readonly status: number | null;
  readonly kind: GraphErrorKind;
  /** What the administrator should do; safe to show and to log (no secrets, no tokens). */
  readonly actionableMessage: string;

  constructor(init: { code: string; status: number | null; kind: GraphErrorKind; actionableMessage: string }) {
    super(init.actionableMessage);
    this.name = 'GraphError';
    this.code = init.code;
    this.status = init.status;
    this.kind = init.kind;
    this.actionableMessage = init.actionableMessage;
  }

  /** True when the organization's setup is at fault rather than the service. */
  get isConfigurationProblem(): boolean {
    return this.kind === 'credentials' || this.kind === 'permission' || this.kind === 'not_found' || this.kind === 'mailbox';
  }
}

/** What a Graph call was for, so its failure can name the permission or resource concerned. */
export interface GraphOperation {
  /** 'read users', 'list security groups', ... */
  action: string;
  permission: GraphPermission;
  /** The object the call addresses ('group 1234...'), named in a 404 message. */
  resource?: string;
  /** sendMail: the From address, named in mailbox errors. */
  sender?: string;
}

interface TokenErrorBody {
  error?: string;
  error_description?: string;
  error_codes?: number[];
}

interface GraphErrorBody {
  error?: { code?: string; message?: string };
}

const GRANT_CONSENT =
  'In the Entra admin center open App registrations > your app > API permissions, add it as an Application ' + 'permission and click "Grant admin consent".';

/**
 * The token endpoint's code for an app without a service principal in the tenant: no admin ever
 * consented there, or an administrator removed the app (or its consent) since.
 */
export const NO_SERVICE_PRINCIPAL_CODE = 'AADSTS7000229';

/**
 * A failed client-credentials token request, from its status and JSON body. `consentRemedy` says
 * what to do about AADSTS7000229 when it is not the organization's own app registration.
 */
export function tokenRequestError(status: number, body: unknown, context: { entraTenantId: string; clientId: string; consentRemedy?: string }): GraphError {
  const { error, error_description: description, error_codes: codes } = (isObject(body) ? body : {}) as TokenErrorBody;
  const entraCode = Array.isArray(codes) ? codes.find((code) => typeof code === 'number') : undefined;
  const code = entraCode !== undefined ? `AADSTS${entraCode}` : (error ?? `http_${status}`);
  const credentials = (actionableMessage: string) => new GraphError({ code, status, kind: 'credentials', actionableMessage });
  switch (entraCode) {
    case 7000215:
      return credentials(
        "Invalid client secret: Entra ID expected the secret's Value, not its Secret ID. In Certificates & secrets, " +
          'copy the Value column (shown only right after the secret is created; create a new secret if it is hidden) and ' +
          'save it as the client secret.',
      );
    case 7000222:
      return credentials('The client secret has expired. Create a new client secret under Certificates & secrets and save its Value here.');
    case 700016:
      return credentials(
        `Application ID ${context.clientId} was not found in the directory ${context.entraTenantId}. Check the Application ` +
          `(client) ID on the app registration's overview and that the app is registered in, or consented to by, this tenant.`,
      );
    case 90002:
      return credentials(
        `Tenant ${context.entraTenantId} was not found. Check the Tenant ID: use the Directory (tenant) ID or a verified ` +
          `domain such as contoso.onmicrosoft.com.`,
      );
    case 7000229:
      return credentials(
        context.consentRemedy ??
          `The application has no service principal in tenant ${context.entraTenantId}: admin consent was never given. A ` +
            `Global Administrator must open the app's API permissions and click "Grant admin consent".`,
      );
  }
  if (status === 429 || status >= 500) return serviceError(status, code, 'the Entra ID token endpoint');
  const detail = firstLine(description) ?? error ?? `HTTP ${status}`;
  return credentials(`Entra ID refused to issue a token (${code}): ${detail}`);
}

/** A failed Graph call, from its status and JSON body. */
export function graphResponseError(status: number, body: unknown, operation: GraphOperation): GraphError {
  const detail = isObject(body) ? (body as GraphErrorBody).error : undefined;
  const code = detail?.code ?? `http_${status}`;
  const make = (kind: GraphErrorKind, actionableMessage: string) => new GraphError({ code, status, kind, actionableMessage });

  if (code === 'MailboxNotEnabledForRESTAPI' || code === 'MailboxNotEnabledForRESTAPIForThisUser') {
    return make(
      'mailbox',
      `The sender ${operation.sender ?? 'address'} has no Exchange Online mailbox. Use the address of a licensed user ` +
        `or shared mailbox as the From email.`,
    );
  }
  if (code === 'ErrorAccessDenied') {
    return make(
      'mailbox',
      `Access to the mailbox ${operation.sender ?? 'of the sender'} was denied. Grant the Mail.Send application ` +
        `permission with admin consent; if an Exchange application access policy limits this app, add the mailbox to ` +
        `the group the policy allows.`,
    );
  }
  if (code === 'ErrorInvalidUser') {
    return make(
      'mailbox',
      `The sender ${operation.sender ?? 'address'} is not a user of this directory. Use the address of a licensed ` +
        `mailbox in the tenant as the From email.`,
    );
  }
  const refusal = MAILBOX_REFUSALS[code];
  if (refusal) return make('mailbox', refusal(operation.sender ?? 'the sending mailbox'));
  if (status === 403) {
    return make(
      'permission',
      `Missing permission to ${operation.action}: the app needs the Microsoft Graph application permission ` +
        `${operation.permission} with admin consent. ${GRANT_CONSENT}`,
    );
  }
  if (status === 401) {
    return make(
      'credentials',
      `Microsoft Graph refused the access token (${code}) while trying to ${operation.action}. Check the Tenant ID, ` +
        `Application ID and client secret, then test the configuration again.`,
    );
  }
  if (status === 404) {
    return make(
      'not_found',
      `${capitalize(operation.resource ?? 'The requested object')} no longer exists in the directory (while trying to ` + `${operation.action}).`,
    );
  }
  if (status === 429 || status >= 500) return serviceError(status, code, 'Microsoft Graph');
  return make('unexpected', `Microsoft Graph could not ${operation.action} (${status} ${code}): ` + `${firstLine(detail?.message) ?? 'no details given'}`);
}

/**
 * Exchange's refusals to send from a mailbox that Mail.Send cannot fix (docs/domain.md §Graph errors):
 * Graph answers them with 403, which would otherwise read as a missing permission.
 */
const MAILBOX_REFUSALS: Readonly<Record<string, (sender: string) => string>> = {
  ErrorQuotaExceeded: (sender) =>
    `The sending mailbox ${sender} is over its storage quota (ErrorQuotaExceeded): Exchange Online sends nothing from ` +
    `a mailbox that has reached its quota. Free space in it (empty Deleted Items and Sent Items) or raise its quota in ` +
    `the Exchange admin center, then test the configuration again.`,
  ErrorSendAsDenied: (sender) =>
    `Exchange Online refused to send as ${sender} (ErrorSendAsDenied): the From email must be a mailbox the app may ` +
    `send as, the mailbox's own primary address. Granting Mail.Send does not change this. Use the primary address of ` +
    `a licensed user or shared mailbox as the From email, or give that mailbox Send As rights for ${sender}.`,
  ErrorMessageSubmissionBlocked: (sender) =>
    `Exchange Online blocked ${sender} from sending (ErrorMessageSubmissionBlocked), usually because Microsoft ` +
    `restricted the mailbox after it sent mail flagged as spam. An administrator must release it under Restricted ` +
    `entities in the Microsoft Defender portal; reminders go out again after that.`,
};

function serviceError(status: number, code: string, service: string): GraphError {
  if (status === 429) {
    return new GraphError({
      code,
      status,
      kind: 'throttled',
      actionableMessage: `${capitalize(service)} kept throttling requests (429 Too Many Requests). Try again in a few minutes.`,
    });
  }
  return new GraphError({ code, status, kind: 'unavailable', actionableMessage: `${capitalize(service)} is unavailable (HTTP ${status}). Try again later.` });
}

/** GraphError code of a request that never left: no connection was made, so the server saw nothing. */
export const NOT_CONNECTED_CODE = 'not_connected';
/** Causes that fail before a connection exists: refused, or a host name that does not resolve. */
const NOT_CONNECTED_CAUSES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** A request that got no answer in time, or no answer at all. */
export function transportError(cause: unknown, target: string, timeoutMs: number): GraphError {
  if (cause instanceof Error && cause.name === 'TimeoutError') {
    return new GraphError({
      code: 'timeout',
      status: null,
      kind: 'timeout',
      actionableMessage: `${capitalize(target)} did not answer within ${timeoutMs / 1000} s. Try again later.`,
    });
  }
  const reason = cause instanceof Error ? describeNetworkCause(cause) : String(cause);
  const causeCode = cause instanceof Error ? (cause as Error & { cause?: { code?: unknown } }).cause?.code : undefined;
  const code = typeof causeCode === 'string' && NOT_CONNECTED_CAUSES.has(causeCode) ? NOT_CONNECTED_CODE : 'network';
  return new GraphError({ code, status: null, kind: 'network', actionableMessage: `Could not reach ${target}: ${reason}` });
}

/** Too long a Retry-After to wait for within one request. */
export function retryAfterTooLongError(status: number, seconds: number, target: string): GraphError {
  return new GraphError({
    code: status === 429 ? 'TooManyRequests' : `http_${status}`,
    status,
    kind: status === 429 ? 'throttled' : 'unavailable',
    actionableMessage: `${capitalize(target)} asked to wait ${Math.ceil(seconds)} s before retrying (HTTP ${status}). Try again later.`,
  });
}

function describeNetworkCause(error: Error): string {
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) return 'code' in cause && typeof cause.code === 'string' ? `${cause.code} ${cause.message}`.trim() : cause.message;
  return error.message;
}

function firstLine(text: string | undefined): string | undefined {
  return text?.split(/\r?\n/)[0]?.trim() || undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
