import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTOSO_TENANT_ID,
  DEMO_APP_WITH_EXPIRED_SECRET,
  DEMO_APP_WITHOUT_CONSENT,
  DEMO_APP_WITHOUT_GROUP_MEMBER_READ,
  DEMO_APP_WITHOUT_MAIL_SEND,
  DEMO_GRAPH_CREDENTIALS,
} from '../../../simulators/graph/index.js';
import { nextLinkInHead, type GraphClient, type GraphUser } from './graph-client.js';
import { GraphError } from './graph-errors.js';
import { startGraphHarness, type GraphHarness } from '../../directory/test-support/graph-simulator-harness.js';

let harness: GraphHarness;
beforeAll(async () => {
  harness = await startGraphHarness();
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => harness.reset());

const UNKNOWN_GUID = '11111111-2222-4333-8444-555555555555';
const contosoUserCount = () => harness.simulator.state.tenants.get(CONTOSO_TENANT_ID)!.users.length;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function failureOf(promise: Promise<unknown>): Promise<GraphError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a GraphError');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

const pageRequests = () => harness.requests.filter((request) => request.url.includes('/v1.0/users'));
const tokenRequests = () => harness.requests.filter((request) => request.url.endsWith('/oauth2/v2.0/token'));

describe('token errors', () => {
  it.each([
    [
      'the secret ID pasted instead of its value',
      { ...DEMO_GRAPH_CREDENTIALS, clientSecret: DEMO_GRAPH_CREDENTIALS.clientSecretId },
      'AADSTS7000215',
      "expected the secret's Value, not its Secret ID",
    ],
    ['an expired secret', DEMO_APP_WITH_EXPIRED_SECRET, 'AADSTS7000222', 'client secret has expired'],
    [
      'an application unknown to the tenant',
      { ...DEMO_GRAPH_CREDENTIALS, applicationId: UNKNOWN_GUID },
      'AADSTS700016',
      `Application ID ${UNKNOWN_GUID} was not found`,
    ],
    ['an unknown tenant', { ...DEMO_GRAPH_CREDENTIALS, directoryId: UNKNOWN_GUID }, 'AADSTS90002', `Tenant ${UNKNOWN_GUID} was not found`],
    ['an app without admin consent', DEMO_APP_WITHOUT_CONSENT, 'AADSTS7000229', 'admin consent was never given'],
  ])('maps %s to an actionable credentials error', async (_case, credentials, code, text) => {
    const error = await failureOf(collect(harness.client(credentials).streamUsers()));
    expect(error).toMatchObject({ code, kind: 'credentials', isConfigurationProblem: true });
    expect(error.actionableMessage).toContain(text);
    expect(error.actionableMessage).not.toContain(credentials.clientSecret);
    // A credentials error is final: no retries, no Graph call.
    expect(tokenRequests()).toHaveLength(1);
    expect(pageRequests()).toHaveLength(0);
  });
});

describe('permissions and mailboxes', () => {
  it('names the missing permission and admin consent on 403', async () => {
    const client = harness.client(DEMO_APP_WITHOUT_GROUP_MEMBER_READ);
    const groups = await failureOf(client.listSecurityGroups());
    expect(groups).toMatchObject({ status: 403, code: 'Authorization_RequestDenied', kind: 'permission' });
    expect(groups.actionableMessage).toMatch(/Group\.Read\.All.*admin consent/);
    const members = await failureOf(collect(client.transitiveMemberIds(UNKNOWN_GUID)));
    expect(members.actionableMessage).toContain('GroupMember.Read.All');
    // The same app can read users: the error is about the one permission.
    expect((await collect(client.streamUsers())).length).toBe(contosoUserCount());
  });

  it('sends mail (202) in MIME form with both parts and explains a sender without mailbox or without Mail.Send', async () => {
    const message = { to: ['adele.vance@contoso.com'], subject: 'Your password expires in 3 days', html: '<p>Hello Adele</p>', text: 'Hello Adele\n' };
    await harness.client(DEMO_GRAPH_CREDENTIALS).sendMail(DEMO_GRAPH_CREDENTIALS.fromEmail, message);
    expect(harness.simulator.state.sentMail).toMatchObject([
      {
        from: DEMO_GRAPH_CREDENTIALS.fromEmail,
        to: ['adele.vance@contoso.com'],
        subject: message.subject,
        contentType: 'HTML',
        content: message.html,
        textContent: message.text,
      },
    ]);
    expect(harness.requests.find((request) => request.url.endsWith('/sendMail'))).toMatchObject({ method: 'POST', status: 202 });

    const noMailbox = await failureOf(harness.client(DEMO_GRAPH_CREDENTIALS).sendMail(DEMO_GRAPH_CREDENTIALS.noMailboxEmail, message));
    expect(noMailbox).toMatchObject({ status: 404, code: 'MailboxNotEnabledForRESTAPI', kind: 'mailbox' });
    expect(noMailbox.actionableMessage).toContain(`The sender ${DEMO_GRAPH_CREDENTIALS.noMailboxEmail} has no Exchange Online mailbox`);

    const denied = await failureOf(harness.client(DEMO_APP_WITHOUT_MAIL_SEND).sendMail(DEMO_APP_WITHOUT_MAIL_SEND.fromEmail, message));
    expect(denied).toMatchObject({ status: 403, code: 'ErrorAccessDenied', kind: 'mailbox' });
    expect(denied.actionableMessage).toMatch(/Mail\.Send.*application access policy/);
    expect(harness.simulator.state.sentMail).toHaveLength(1);
  });

  it("sends nothing for an address that would break the headers or a mail over Graph's 4 MB, and says why", async () => {
    const client = harness.client(DEMO_GRAPH_CREDENTIALS);
    const injected = await failureOf(
      client.sendMail(DEMO_GRAPH_CREDENTIALS.fromEmail, {
        to: ['adele.vance@contoso.com\r\nBcc: everyone@contoso.com'],
        subject: 'x',
        html: '<p>x</p>',
        text: 'x',
      }),
    );
    expect(injected).toMatchObject({ code: 'invalid_address', kind: 'unexpected', status: null });
    expect(injected.actionableMessage).toContain('is not an email address that can be written into a mail header');

    const huge = 'é'.repeat(700_000);
    const tooLarge = await failureOf(
      client.sendMail(DEMO_GRAPH_CREDENTIALS.fromEmail, { to: ['adele.vance@contoso.com'], subject: 'x', html: `<p>${huge}</p>`, text: huge }),
    );
    expect(tooLarge).toMatchObject({ code: 'message_too_large', kind: 'unexpected' });
    expect(tooLarge.actionableMessage).toMatch(/^The email is \d+\.\d MB once encoded; Microsoft Graph accepts at most 4 MB\./);
    expect(harness.requests.filter((request) => request.url.endsWith('/sendMail'))).toHaveLength(0);
    expect(harness.simulator.state.sentMail).toHaveLength(0);
  });

  it('reports a group that no longer exists as not found', async () => {
    const error = await failureOf(collect(harness.client(DEMO_GRAPH_CREDENTIALS).transitiveMemberIds(UNKNOWN_GUID)));
    expect(error).toMatchObject({ status: 404, kind: 'not_found' });
    expect(error.actionableMessage).toBe(`Group ${UNKNOWN_GUID} no longer exists in the directory (while trying to read group members).`);
  });
});

describe('paging', () => {
  it.each([1, 7, 100, 999])('reads every user exactly once with %i users per page, following nextLink as returned', async (pageSize) => {
    const users = await collect(harness.client(DEMO_GRAPH_CREDENTIALS).streamUsers({ pageSize }));
    const total = contosoUserCount();
    expect(users).toHaveLength(total);
    expect(new Set(users.map((user) => user.id)).size).toBe(total);
    const pages = pageRequests();
    expect(pages).toHaveLength(Math.ceil(total / pageSize));
    const first = new URL(pages[0]!.url);
    expect(first.searchParams.get('$select')).toBe(
      'id,displayName,userPrincipalName,mail,accountEnabled,userType,lastPasswordChangeDateTime,passwordPolicies,onPremisesSyncEnabled,onPremisesSecurityIdentifier,onPremisesImmutableId',
    );
    expect(first.searchParams.get('$top')).toBe(String(pageSize));
  });

  it('reads the fields the expiry rules need, with nulls where Graph sends null', async () => {
    const users = await collect(harness.client(DEMO_GRAPH_CREDENTIALS).streamUsers());
    const byUpn = (upn: string) => users.find((user) => user.userPrincipalName === upn);
    expect(byUpn('christie.cline@contoso.com')).toMatchObject({
      onPremisesSyncEnabled: true,
      passwordPolicies: 'DisablePasswordExpiration',
      accountEnabled: true,
      userType: 'Member',
    });
    expect(byUpn('patti.fernandez@contoso.com')).toMatchObject({ accountEnabled: false });
    expect(byUpn('nestor.wilke@contoso.com')).toMatchObject({ lastPasswordChangeDateTime: null });
    expect(byUpn('ben.walters@contoso.com')).toMatchObject({ mail: null, displayName: 'Ben Walters' });
    expect(users.find((user) => user.userType === 'Guest')?.userPrincipalName).toContain('#EXT#');
  });

  it('follows nextLink only to Graph itself, so the token never goes elsewhere', async () => {
    const rewriting: typeof fetch = async (input, init) => {
      const response = await harness.fetch(input, init);
      if (!String(input).includes('/v1.0/users')) return response;
      const page = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...page, '@odata.nextLink': 'http://attacker.example/v1.0/users?$skiptoken=x' });
    };
    const error = await failureOf(collect(harness.client(DEMO_GRAPH_CREDENTIALS, { fetch: rewriting }).streamUsers({ pageSize: 10 })));
    expect(error.code).toBe('invalid_next_link');
    expect(harness.requests.some((request) => request.url.includes('attacker.example'))).toBe(false);
  });

  it('cancels the page read ahead when the consumer stops early', async () => {
    const signals: AbortSignal[] = [];
    const watching: typeof fetch = (input, init) => {
      if (init?.signal && String(input).includes('/v1.0/users')) signals.push(init.signal);
      return harness.fetch(input, init);
    };
    const client = harness.client(DEMO_GRAPH_CREDENTIALS, { fetch: watching });
    let seen = 0;
    for await (const user of client.streamUsers({ pageSize: 5 })) {
      expect(user.id).toBeTruthy();
      seen += 1;
      if (seen === 3) break;
    }
    // Page 1 was read, page 2 was fetched ahead and is now cancelled; nothing further was asked for.
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(true);
  });

  it('asks for the next page as soon as its link has arrived, before the rest of the page', async () => {
    let secondPageAsked!: () => void;
    const secondPageRequested = new Promise<void>((resolve) => (secondPageAsked = resolve));
    let userPages = 0;
    // Page 1 sends its first bytes (with nextLink), then holds the rest until page 2 is asked for.
    const withheldTail: typeof fetch = async (input, init) => {
      const response = await harness.fetch(input, init);
      if (!String(input).includes('/v1.0/users')) return response;
      userPages += 1;
      if (userPages === 2) secondPageAsked();
      if (userPages !== 1) return response;
      const text = await response.text();
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(text.slice(0, 2000)));
          await secondPageRequested;
          controller.enqueue(encoder.encode(text.slice(2000)));
          controller.close();
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const users = await collect(harness.client(DEMO_GRAPH_CREDENTIALS, { fetch: withheldTail }).streamUsers({ pageSize: 100 }));
    expect(users).toHaveLength(contosoUserCount());
  });

  it('reads at most one page ahead of a slow consumer', async () => {
    const client = harness.client(DEMO_GRAPH_CREDENTIALS);
    const stream = client.streamUsers({ pageSize: 10 });
    await stream.next();
    // Let every answer that is allowed to arrive arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pageRequests()).toHaveLength(2);
    await stream.return(undefined);
  });

  it('lists only security groups, sorted by name, and the user members of nested groups', async () => {
    const client = harness.client(DEMO_GRAPH_CREDENTIALS);
    const groups = await client.listSecurityGroups();
    const names = groups.map((group) => group.displayName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toEqual(expect.arrayContaining(['Password Reminder Pilot', 'R&D <Labs>', 'Helpdesk', 'All Staff']));
    expect(names).not.toContain('Everyone');
    expect(names.some((name) => name.startsWith('Office - '))).toBe(false);

    const users = await collect(client.streamUsers());
    const idOf = (upn: string) => users.find((user) => user.userPrincipalName === upn)!.id;
    const pilot = groups.find((group) => group.displayName === 'Password Reminder Pilot')!;
    const finance = groups.find((group) => group.displayName === 'Finance')!;
    const pilotMembers = await collect(client.transitiveMemberIds(pilot.id));
    const financeMembers = await collect(client.transitiveMemberIds(finance.id));
    // Pilot = the Finance group (nested, with its own nested team) + Alex + Adele; groups themselves are not users.
    expect(new Set(pilotMembers)).toEqual(new Set([...financeMembers, idOf('alex.wilber@contoso.com'), idOf('adele.vance@contoso.com')]));
    expect(pilotMembers).not.toContain(finance.id);
    expect(financeMembers).toContain(idOf('diego.siciliani@contoso.com'));
  });
});

describe('throttling and outages', () => {
  async function readAllUsers(client: GraphClient, pageSize: number): Promise<GraphUser[]> {
    return collect(client.streamUsers({ pageSize }));
  }

  it('honours Retry-After (fractional seconds) on forced 429s and still reads everything', async () => {
    harness.setFaults({ forceThrottle: 4, retryAfterSeconds: 0.4 });
    const users = await readAllUsers(harness.client(DEMO_GRAPH_CREDENTIALS), 50);
    expect(users).toHaveLength(contosoUserCount());
    const throttled = pageRequests().filter((request) => request.status === 429);
    expect(throttled.map((request) => request.retryAfter)).toEqual(['0.4', '0.4', '0.4', '0.4']);
    expect(harness.sleeps).toEqual([400, 400, 400, 400]);
  });

  it('survives a throttling storm from the directory budget, waiting exactly as long as asked', async () => {
    // 12 resource units per 10 s and 1 unit per page: most of the 35 pages are refused at first.
    harness.setSettings({ directoryBudgetPer10Seconds: 12 });
    const users = await readAllUsers(harness.client(DEMO_GRAPH_CREDENTIALS, { retry: { maxAttempts: 10 } }), 10);
    expect(new Set(users.map((user) => user.id)).size).toBe(contosoUserCount());
    const throttled = pageRequests().filter((request) => request.status === 429);
    expect(throttled.length).toBeGreaterThan(10);
    expect(harness.sleeps).toEqual(throttled.map((request) => Math.round(Number(request.retryAfter) * 1000)));
  });

  it('backs off exponentially with jitter when 429 comes without Retry-After', async () => {
    harness.setFaults({ forceThrottle: 3, throttleWithoutRetryAfter: true });
    const client = harness.client(DEMO_GRAPH_CREDENTIALS, { retry: { baseDelayMs: 100, maxBackoffMs: 10_000, random: () => 0.5 } });
    expect(await readAllUsers(client, 999)).toHaveLength(contosoUserCount());
    expect(
      pageRequests()
        .filter((request) => request.status === 429)
        .every((request) => request.retryAfter === null),
    ).toBe(true);
    // Full jitter with random() = 0.5: half of 100, 200, 400 ms.
    expect(harness.sleeps).toEqual([50, 100, 200]);
  });

  it('gives up after the configured attempts with an actionable 503 message', async () => {
    harness.setFaults({ serviceUnavailable: true, retryAfterSeconds: 2 });
    const error = await failureOf(readAllUsers(harness.client(DEMO_GRAPH_CREDENTIALS, { retry: { maxAttempts: 3 } }), 999));
    expect(error).toMatchObject({ status: 503, kind: 'unavailable', isConfigurationProblem: false });
    expect(error.actionableMessage).toBe('Microsoft Graph is unavailable (HTTP 503). Try again later.');
    expect(pageRequests()).toHaveLength(3);
    expect(harness.sleeps).toEqual([2000, 2000]);
  });

  it('fails at once when Retry-After asks for longer than the policy allows to wait', async () => {
    harness.setFaults({ forceThrottle: 1, retryAfterSeconds: 600 });
    const error = await failureOf(readAllUsers(harness.client(DEMO_GRAPH_CREDENTIALS, { retry: { maxRetryAfterMs: 60_000 } }), 999));
    expect(error).toMatchObject({ status: 429, kind: 'throttled' });
    expect(error.actionableMessage).toContain('asked to wait 600 s');
    expect(harness.sleeps).toEqual([]);
  });

  it('times out each request and retries reads before reporting the timeout', async () => {
    harness.setFaults({ latencyMs: 400 });
    const error = await failureOf(harness.client(DEMO_GRAPH_CREDENTIALS, { timeoutMs: 100, retry: { maxAttempts: 2 } }).acquireToken());
    expect(error).toMatchObject({ code: 'timeout', status: null, kind: 'timeout' });
    expect(error.actionableMessage).toBe('The Entra ID token endpoint did not answer within 0.1 s. Try again later.');
    expect(harness.sleeps).toHaveLength(1);
  });

  it('does not repeat a sendMail that timed out (it may have been accepted)', async () => {
    const client = harness.client(DEMO_GRAPH_CREDENTIALS, { timeoutMs: 100, retry: { maxAttempts: 3 } });
    await client.acquireToken();
    harness.setFaults({ latencyMs: 400 });
    const error = await failureOf(
      client.sendMail(DEMO_GRAPH_CREDENTIALS.fromEmail, { to: ['adele.vance@contoso.com'], subject: 'x', html: '<p>x</p>', text: 'x' }),
    );
    expect(error.kind).toBe('timeout');
    expect(harness.requests.filter((request) => request.url.endsWith('/sendMail'))).toHaveLength(0);
    expect(harness.sleeps).toEqual([]);
  });
});

describe('nextLinkInHead', () => {
  it.each([
    ['{"@odata.context":"x","@odata.nextLink":"https://graph/v1.0/users?$skiptoken=a\\"b","value":[{"id"', 'https://graph/v1.0/users?$skiptoken=a"b'],
    ['{"@odata.context":"x","value":[', null],
    ['{"value":[],"@odata.nextLink":"https://graph/next"}', null],
    ['{"@odata.context":"x","@odata.nextLink":"https://gra', 'incomplete'],
  ])('reads %s as %j', (text, expected) => {
    expect(nextLinkInHead(text)).toBe(expected);
  });
});

describe('token cache', () => {
  it('asks Entra once for clients of the same app, and again when the secret changes', async () => {
    const first = harness.client(DEMO_GRAPH_CREDENTIALS);
    const second = harness.client(DEMO_GRAPH_CREDENTIALS);
    await Promise.all([first.listDomains(), second.listDomains(), first.listSecurityGroups()]);
    expect(tokenRequests()).toHaveLength(1);
    const rotated = await failureOf(harness.client({ ...DEMO_GRAPH_CREDENTIALS, clientSecret: 'Rot8Q~not-the-current-secret-value-xxxxxx' }).listDomains());
    expect(rotated.code).toBe('AADSTS7000215');
    expect(tokenRequests()).toHaveLength(2);
  });

  it('refreshes five minutes before expiry', async () => {
    harness.setSettings({ tokenLifetimeSeconds: 3599 });
    const client = harness.client(DEMO_GRAPH_CREDENTIALS);
    const token = await client.acquireToken();
    harness.clock.advance(54 * 60_000);
    expect(await client.acquireToken()).toBe(token);
    harness.clock.advance(2 * 60_000);
    expect(await client.acquireToken()).not.toBe(token);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('replaces a token Graph refuses (401) once, then succeeds', async () => {
    const client = harness.client(DEMO_GRAPH_CREDENTIALS);
    await client.listDomains();
    harness.simulator.state.accessTokens.clear();
    const domains = await client.listDomains();
    expect(domains.map((domain) => domain.id)).toContain('contoso.com');
    expect(tokenRequests()).toHaveLength(2);
    expect(harness.requests.filter((request) => request.status === 401)).toHaveLength(1);
  });

  it('reads domains with their password policies', async () => {
    const domains = await harness.client(DEMO_GRAPH_CREDENTIALS).listDomains();
    expect(domains.find((domain) => domain.id === 'contoso.com')).toMatchObject({
      isDefault: true,
      isRoot: true,
      authenticationType: 'Managed',
      passwordValidityPeriodInDays: 90,
    });
    expect(domains.find((domain) => domain.id === 'eu.contoso.com')).toMatchObject({ isRoot: false, passwordValidityPeriodInDays: null });
    expect(domains.find((domain) => domain.id === 'fabrikam-partners.com')).toMatchObject({ authenticationType: 'Federated' });
  });
});

describe('managerAddress', () => {
  it("reads the user's manager over /users/{id}/manager, and null for a user without one (Graph's 404)", async () => {
    const client = harness.client(DEMO_GRAPH_CREDENTIALS);
    // Contoso's org chart: Adele Vance heads Marketing, where Miriam Graham works.
    expect(await client.managerAddress('miriam.graham@contoso.com')).toBe('adele.vance@contoso.com');
    expect(await client.managerAddress('adele.vance@contoso.com')).toBeNull();
    const managerCall = harness.requests.find((request) => request.url.includes('/manager'));
    expect(managerCall?.url).toContain('/v1.0/users/miriam.graham%40contoso.com/manager?$select=id,mail,userPrincipalName');
  });

  it('passes any failure but a 404 on to the caller instead of answering "no manager"', async () => {
    const error = await failureOf(harness.client({ ...DEMO_GRAPH_CREDENTIALS, clientSecret: 'wrong' }).managerAddress('miriam.graham@contoso.com'));
    expect(error).toBeInstanceOf(GraphError);
  });
});
