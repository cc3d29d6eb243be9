import type { DirectoryDomain } from '../../../shared/domain/tenant-domains.js';
import type { DirectoryUser } from '../../../shared/domain/password-expiry.js';
import type { Clock } from '../../clock.js';
import { systemClock } from '../../clock.js';
import { GraphError, graphResponseError, tokenRequestError, type GraphOperation } from './graph-errors.js';
import { buildMimeMessage, MimeAddressError } from '../../mail/index.js';
import { requestWithRetries, type HttpResult } from './resilient-request.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import type { ClientCredential } from './client-credential.js';
import { sharedTokenCache, type AccessToken, type TokenCache, type TokenCacheKey } from './token-cache.js';

export interface GraphClientOptions {
  /** Entra token endpoint base, e.g. https://login.microsoftonline.com */
  authorityUrl: string;
  /** Graph base, e.g. https://graph.microsoft.com */
  graphUrl: string;
  /** The tenant in the token URL: Directory (tenant) ID or a verified domain. */
  entraTenantId: string;
  clientId: string;
  /** A client secret or a certificate (client-credential.ts). */
  credential: ClientCredential;
  /**
   * What to tell the administrator when the app has no service principal in the tenant
   * (AADSTS7000229); default: grant admin consent to the organization's own app registration.
   */
  consentRemedy?: string;
  fetch?: typeof fetch;
  clock?: Clock;
  /** Per request (each attempt), answer body included. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  tokenCache?: TokenCache;
}

/** The user fields the expiry rules and reminders read (docs/domain.md §Fields read): exactly these are $selected. */
export const USER_SELECT_FIELDS = [
  'id',
  'displayName',
  'userPrincipalName',
  'mail',
  'accountEnabled',
  'userType',
  'lastPasswordChangeDateTime',
  'passwordPolicies',
  'onPremisesSyncEnabled',
  'onPremisesSecurityIdentifier',
  'onPremisesImmutableId',
  'preferredLanguage',
] as const;

export interface GraphUser extends DirectoryUser {
  id: string;
  displayName: string;
  mail: string | null;
  /** A synced user's AD objectSid (docs/domain.md §Hybrid directories); null for cloud users. */
  onPremisesSecurityIdentifier: string | null;
  /** Usually base64 of the AD objectGUID; null for cloud users. */
  onPremisesImmutableId: string | null;
  /** The language the user reads ('de-DE'), as set in Entra or synced from on-premises; null when unset. */
  preferredLanguage: string | null;
}

export interface GraphGroup {
  id: string;
  displayName: string;
}

export interface MailMessage {
  to: string[];
  /** Copies (a user's manager); Exchange takes the recipients from the MIME headers. */
  cc?: string[];
  subject: string;
  html: string;
  /** The plain-text alternative of `html`. */
  text: string;
}

/** Graph refuses larger request bodies (413); a MIME message counts once base64-encoded. */
const GRAPH_MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** Largest page Graph serves for users, groups and members. */
export const GRAPH_MAX_PAGE_SIZE = 999;
const DEFAULT_GRAPH_TIMEOUT_MS = 30_000;
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
const USER_ODATA_TYPE = '#microsoft.graph.user';
const byName = new Intl.Collator('en', { sensitivity: 'base' });

interface GraphPage {
  value?: unknown[];
  '@odata.nextLink'?: string;
}

/**
 * Microsoft Graph for one organization's app registration: client-credentials tokens from the
 * shared cache, nextLink paging as streams, retries on throttling, per-request timeouts, and
 * every failure as a GraphError with an actionable message.
 */
export class GraphClient {
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  private readonly policy: RetryPolicy;
  private readonly tokenCache: TokenCache;
  private readonly graphOrigin: string;
  private readonly cacheKey: TokenCacheKey;

  constructor(private readonly options: GraphClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_GRAPH_TIMEOUT_MS;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.tokenCache = options.tokenCache ?? sharedTokenCache;
    this.graphOrigin = new URL(options.graphUrl).origin;
    this.cacheKey = { authorityUrl: options.authorityUrl, entraTenantId: options.entraTenantId, clientId: options.clientId };
  }

  /** A valid access token; `forceRefresh` asks Entra even when a cached one is still good. */
  async acquireToken(options: { forceRefresh?: boolean } = {}): Promise<string> {
    const token = await this.tokenCache.get(this.cacheKey, this.options.credential.fingerprint, this.clock().getTime(), () => this.requestToken(), options);
    return token.accessToken;
  }

  /** Every user, page by page through nextLink; at most two pages are held at a time. */
  async *streamUsers(options: { pageSize?: number } = {}): AsyncGenerator<GraphUser> {
    const url = `${this.graphUrl('/users')}?$select=${USER_SELECT_FIELDS.join(',')}&$top=${options.pageSize ?? GRAPH_MAX_PAGE_SIZE}`;
    for await (const page of this.pages(url, { action: 'read users', permission: 'User.Read.All' })) {
      for (const item of page) yield toGraphUser(item);
    }
  }

  /** The tenant's domains with their password policies. */
  async listDomains(): Promise<DirectoryDomain[]> {
    const domains: DirectoryDomain[] = [];
    for await (const page of this.pages(this.graphUrl('/domains'), { action: 'read the domains', permission: 'Directory.Read.All' })) {
      for (const item of page) domains.push(toDomain(item));
    }
    return domains;
  }

  /** Security-enabled groups, page by page. */
  async *streamSecurityGroups(options: { pageSize?: number } = {}): AsyncGenerator<GraphGroup> {
    const filter = encodeURIComponent('securityEnabled eq true');
    const url = `${this.graphUrl('/groups')}?$filter=${filter}&$select=id,displayName&$top=${options.pageSize ?? GRAPH_MAX_PAGE_SIZE}`;
    for await (const page of this.pages(url, { action: 'list security groups', permission: 'Group.Read.All' })) {
      for (const item of page) yield toGroup(item);
    }
  }

  /** Security-enabled groups, sorted by display name. */
  async listSecurityGroups(): Promise<GraphGroup[]> {
    const groups: GraphGroup[] = [];
    for await (const group of this.streamSecurityGroups()) groups.push(group);
    return groups.sort((a, b) => byName.compare(a.displayName, b.displayName) || a.id.localeCompare(b.id));
  }

  /** Ids of the users in a group, nested groups included (each once); other member types skipped. */
  async *transitiveMemberIds(groupId: string): AsyncGenerator<string> {
    const url = `${this.graphUrl(`/groups/${encodeURIComponent(groupId)}/transitiveMembers`)}?$select=id&$top=${GRAPH_MAX_PAGE_SIZE}`;
    const operation: GraphOperation = { action: 'read group members', permission: 'GroupMember.Read.All', resource: `group ${groupId}` };
    for await (const page of this.pages(url, operation)) {
      for (const item of page) {
        if (isRecord(item) && item['@odata.type'] === USER_ODATA_TYPE && typeof item.id === 'string') yield item.id;
      }
    }
  }

  /**
   * The address of the user's manager (`/users/{id}/manager`): its mail, else its sign-in name;
   * null when the user has no manager (Graph answers 404) or the manager has no address.
   */
  async managerAddress(userId: string): Promise<string | null> {
    const url = `${this.graphUrl(`/users/${encodeURIComponent(userId)}/manager`)}?$select=id,mail,userPrincipalName`;
    const operation: GraphOperation = { action: 'read the manager', permission: 'User.Read.All', resource: `user ${userId}` };
    try {
      const manager = await this.call('GET', url, operation, { retryTransportErrors: true });
      if (!isRecord(manager)) return null;
      const address = typeof manager.mail === 'string' && manager.mail !== '' ? manager.mail : manager.userPrincipalName;
      return typeof address === 'string' && address !== '' ? address : null;
    } catch (error) {
      if (error instanceof GraphError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * POST /users/{from}/sendMail in MIME format (Content-Type text/plain, the message base64-encoded),
   * the only form that carries both an HTML and a plain-text part; resolves on 202 Accepted
   * (accepted, not delivered). Exchange keeps a copy in the sender's Sent Items: the MIME form has
   * no saveToSentItems switch.
   */
  async sendMail(from: string, message: MailMessage): Promise<void> {
    const url = this.graphUrl(`/users/${encodeURIComponent(from)}/sendMail`);
    const operation: GraphOperation = { action: `send mail as ${from}`, permission: 'Mail.Send', sender: from };
    const body = Buffer.from(await this.mimeMessage(from, message), 'utf8').toString('base64');
    if (body.length > GRAPH_MAX_REQUEST_BYTES) {
      const megabytes = (body.length / 1024 / 1024).toFixed(1);
      throw new GraphError({
        code: 'message_too_large',
        status: null,
        kind: 'unexpected',
        actionableMessage: `The email is ${megabytes} MB once encoded; Microsoft Graph accepts at most 4 MB. Shorten the email template.`,
      });
    }
    // Not retried after a timeout: the message may have been accepted, and a retry would send it twice.
    await this.call('POST', url, operation, { body, contentType: 'text/plain', retryTransportErrors: false });
  }

  private async mimeMessage(from: string, message: MailMessage): Promise<string> {
    try {
      return await buildMimeMessage({
        from,
        to: message.to,
        cc: message.cc,
        subject: message.subject,
        html: message.html,
        text: message.text,
        date: this.clock(),
      });
    } catch (error) {
      if (!(error instanceof MimeAddressError)) throw error;
      throw new GraphError({ code: 'invalid_address', status: null, kind: 'unexpected', actionableMessage: `${error.message} The email was not sent.` });
    }
  }

  private graphUrl(path: string): string {
    return `${this.options.graphUrl}/v1.0${path}`;
  }

  /**
   * The pages of a collection, following nextLink exactly as returned. Graph writes nextLink ahead
   * of `value`, so the next page is requested as soon as that much of the current one has arrived;
   * a page starts its successor only once the consumer has reached it, so at most two pages are
   * held at a time.
   */
  private async *pages(firstUrl: string, operation: GraphOperation): AsyncGenerator<unknown[]> {
    const stop = new AbortController();
    const fetchPage = (url: string): PageRequest =>
      new PageRequest(
        url,
        (onSuccessText) => this.call('GET', url, operation, { retryTransportErrors: true, signal: stop.signal, onSuccessText }) as Promise<GraphPage>,
        (next) => (this.isGraphUrl(next) ? fetchPage(next) : null),
      );
    let current: PageRequest | null = fetchPage(firstUrl);
    try {
      while (current) {
        current.reached();
        const page: GraphPage = await current.result;
        const nextLink = page['@odata.nextLink'];
        current = typeof nextLink === 'string' ? (current.successorFor(nextLink) ?? fetchPage(this.checkedNextLink(nextLink))) : null;
        yield Array.isArray(page.value) ? page.value : [];
      }
    } finally {
      // The consumer stopped early: cancel what was read ahead.
      if (current) stop.abort();
    }
  }

  private isGraphUrl(url: string): boolean {
    try {
      return new URL(url).origin === this.graphOrigin;
    } catch {
      return false;
    }
  }

  /** nextLink is followed exactly as returned, but only to Graph itself: the token must not leak. */
  private checkedNextLink(nextLink: string): string {
    if (!this.isGraphUrl(nextLink)) {
      throw new GraphError({
        code: 'invalid_next_link',
        status: null,
        kind: 'unexpected',
        actionableMessage: `Microsoft Graph returned a next page link outside ${this.graphOrigin}; paging stopped.`,
      });
    }
    return nextLink;
  }

  private async call(
    method: 'GET' | 'POST',
    url: string,
    operation: GraphOperation,
    request: { body?: string; contentType?: string; retryTransportErrors: boolean; signal?: AbortSignal; onSuccessText?: (textSoFar: string) => void },
  ): Promise<unknown> {
    // A token Graph refuses (revoked, or expired early) is replaced once.
    for (let tokenAttempt = 1; ; tokenAttempt += 1) {
      const token = await this.acquireToken();
      const result = await requestWithRetries(
        (signal) =>
          this.fetchImpl(url, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              accept: 'application/json',
              ...(request.body === undefined ? {} : { 'content-type': request.contentType ?? 'application/json' }),
            },
            body: request.body,
            signal,
          }),
        {
          policy: this.policy,
          nowMs: () => this.clock().getTime(),
          timeoutMs: this.timeoutMs,
          retryTransportErrors: request.retryTransportErrors,
          target: 'Microsoft Graph',
          endpoint: 'graph',
          signal: request.signal,
          onSuccessText: request.onSuccessText,
        },
      );
      if (result.status === 401 && tokenAttempt === 1) {
        this.tokenCache.invalidate(this.cacheKey, token);
        continue;
      }
      // A token's roles are fixed when Entra issues it: after a refusal, the next call asks for a
      // new token, so a permission granted meanwhile (admin consent) takes effect at once.
      if (result.status === 403) this.tokenCache.invalidate(this.cacheKey, token);
      if (result.status < 200 || result.status >= 300) throw graphResponseError(result.status, result.body, operation);
      return result.body;
    }
  }

  private async requestToken(): Promise<AccessToken> {
    const { authorityUrl, entraTenantId, clientId, credential, consentRemedy } = this.options;
    const url = `${authorityUrl}/${encodeURIComponent(entraTenantId)}/oauth2/v2.0/token`;
    const requestedAt = this.clock().getTime();
    const result: HttpResult = await requestWithRetries(
      // Built per attempt: an assertion is accepted once, so a retry needs a new one.
      async (signal) => {
        const authentication = await credential.authenticationFields(url, clientId, this.clock().getTime());
        const form = new URLSearchParams({ client_id: clientId, scope: GRAPH_SCOPE, grant_type: 'client_credentials', ...authentication });
        return this.fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal,
        });
      },
      {
        policy: this.policy,
        nowMs: () => this.clock().getTime(),
        timeoutMs: this.timeoutMs,
        retryTransportErrors: true,
        target: 'the Entra ID token endpoint',
        endpoint: 'token',
      },
    );
    const body = isRecord(result.body) ? result.body : {};
    if (result.status !== 200 || typeof body.access_token !== 'string')
      throw tokenRequestError(result.status, result.body, { entraTenantId, clientId, consentRemedy });
    const expiresInSeconds = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in);
    // Counted from when it was asked for, so time spent in transit only makes the estimate safer.
    return { accessToken: body.access_token, expiresAtMs: requestedAt + (Number.isFinite(expiresInSeconds) ? expiresInSeconds : 0) * 1000 };
  }
}

/**
 * One page in flight, and the next one it may start early: as soon as its nextLink has arrived
 * and the consumer has reached this page.
 */
class PageRequest {
  readonly result: Promise<GraphPage>;
  private earlyLink: string | null | undefined;
  private isReached = false;
  private successor: PageRequest | null = null;

  constructor(
    readonly url: string,
    load: (onSuccessText: (textSoFar: string) => void) => Promise<GraphPage>,
    private readonly start: (nextLink: string) => PageRequest | null,
  ) {
    this.result = load((text) => this.noteText(text));
    // Awaited in turn; a failure of a page read ahead surfaces then, or never if the consumer stops first.
    this.result.catch(() => {});
  }

  /** The consumer waits for this page: it may now read its successor ahead. */
  reached(): void {
    this.isReached = true;
    this.startSuccessor();
  }

  private noteText(textSoFar: string): void {
    if (this.earlyLink !== undefined) return;
    const head = nextLinkInHead(textSoFar);
    if (head === 'incomplete') return;
    this.earlyLink = head;
    this.startSuccessor();
  }

  /** The page read ahead for `nextLink`, if it is the one; any other is dropped. */
  successorFor(nextLink: string): PageRequest | null {
    return this.successor?.url === nextLink ? this.successor : null;
  }

  private startSuccessor(): void {
    if (this.isReached && this.earlyLink && !this.successor) this.successor = this.start(this.earlyLink);
  }
}

/**
 * The nextLink of a page from the start of its JSON, before `value` arrives: 'incomplete' until
 * the text reaches `"value":`, then the link, or null when there is none (or `value` comes first).
 */
export function nextLinkInHead(textSoFar: string): string | null | 'incomplete' {
  const valueAt = textSoFar.indexOf('"value":');
  if (valueAt < 0) return 'incomplete';
  try {
    const head = JSON.parse(`${textSoFar.slice(0, valueAt)}"value":[]}`) as GraphPage;
    return typeof head['@odata.nextLink'] === 'string' ? head['@odata.nextLink'] : null;
  } catch {
    return null;
  }
}

function toGraphUser(item: unknown): GraphUser {
  const raw = isRecord(item) ? item : {};
  return {
    id: stringOr(raw.id, ''),
    displayName: stringOr(raw.displayName, ''),
    userPrincipalName: stringOr(raw.userPrincipalName, ''),
    mail: nullableString(raw.mail),
    // Graph always sends a boolean when selected; anything else must not silence a user's reminders.
    accountEnabled: raw.accountEnabled !== false,
    userType: nullableString(raw.userType),
    lastPasswordChangeDateTime: nullableString(raw.lastPasswordChangeDateTime),
    passwordPolicies: nullableString(raw.passwordPolicies),
    onPremisesSyncEnabled: typeof raw.onPremisesSyncEnabled === 'boolean' ? raw.onPremisesSyncEnabled : null,
    onPremisesSecurityIdentifier: nullableString(raw.onPremisesSecurityIdentifier),
    onPremisesImmutableId: nullableString(raw.onPremisesImmutableId),
    preferredLanguage: nullableString(raw.preferredLanguage),
  };
}

function toDomain(item: unknown): DirectoryDomain {
  const raw = isRecord(item) ? item : {};
  return {
    id: stringOr(raw.id, ''),
    isDefault: raw.isDefault === true,
    isInitial: raw.isInitial === true,
    isRoot: raw.isRoot === true,
    isVerified: raw.isVerified === true,
    authenticationType: stringOr(raw.authenticationType, 'Managed'),
    passwordValidityPeriodInDays: typeof raw.passwordValidityPeriodInDays === 'number' ? raw.passwordValidityPeriodInDays : null,
    passwordNotificationWindowInDays: typeof raw.passwordNotificationWindowInDays === 'number' ? raw.passwordNotificationWindowInDays : null,
  };
}

function toGroup(item: unknown): GraphGroup {
  const raw = isRecord(item) ? item : {};
  return { id: stringOr(raw.id, ''), displayName: stringOr(raw.displayName, '') };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function nullableString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
