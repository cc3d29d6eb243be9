// Property-based fuzzing of every route the app registers: hostile path parameters, query strings,
// headers and bodies, from a signed-in member of a configured, subscribed organization (who is
// also an operator admin, so the admin routes are reached too) and from anonymous callers.
// Whatever a client sends, the answer is never a 5xx. Graph, PayPal and the identity provider are
// the simulators on loopback; any other outgoing call is refused and fails the test.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GRAPH_CREDENTIALS } from '../../simulators/graph/index.js';
import { createIdentitySimulator, type IdentitySimulator } from '../../simulators/identity/identity-simulator.js';
import { createPayPalSimulator, DEMO_PAYPAL_CREDENTIALS, type PayPalSimulator } from '../../simulators/paypal/index.js';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { tenants } from '../db/schema/index.js';
import { startGraphHarness, type GraphHarness } from '../directory/test-support/graph-simulator-harness.js';
import { TokenCache } from '../integrations/graph/index.js';
import { configurationFor } from '../test-support/api-harness.js';
import { createOrganization, createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig, trustingPayPalSimulator } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';

const APP_URL = 'http://localhost:3000';
const GUID = '6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b';
const RUNS_AS_MEMBER = 30;
const RUNS_ANONYMOUS = 8;
const BODY_LIMIT = 64 * 1024;
// Members are made by the test factories, whose users all come from this issuer.
const ISSUER = 'https://issuer.test';
const MAX_ROUTES = 150;
const memberSubject = (routeIndex: number) => `fuzz-member-${routeIndex}`;

interface Route {
  method: string;
  url: string;
}

let database: DatabaseHandle;
let graph: GraphHarness;
let paypal: PayPalSimulator;
let identity: IdentitySimulator;
let app: FastifyInstance;
const routes: Route[] = [];
const outsideCalls: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  // Nothing leaves the machine: loopback (the simulators) or a refused call, which the test reports.
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
      outsideCalls.push(url.href);
      throw new TypeError(`outgoing call refused in tests: ${url.origin}`);
    }
    return realFetch(input, init);
  };
  database = await createTestDatabase();
  graph = await startGraphHarness();
  paypal = createPayPalSimulator({ ...DEMO_PAYPAL_CREDENTIALS, webhookRetryDelaysMs: [] });
  const paypalUrl = await paypal.listen(0, '127.0.0.1');
  identity = createIdentitySimulator({
    clients: [{ clientId: 'passwatch', clientSecret: 's3cret', redirectUris: [`${APP_URL}/api/callback`], postLogoutRedirectUris: [`${APP_URL}/`] }],
  });
  const issuerUrl = await identity.listen(0, '127.0.0.1');
  const config = trustingPayPalSimulator(
    testConfig({
      ENTRA_AUTHORITY_URL: graph.baseUrl,
      GRAPH_API_URL: graph.baseUrl,
      OIDC_ISSUER_URL: issuerUrl,
      OIDC_CLIENT_ID: 'passwatch',
      OIDC_CLIENT_SECRET: 's3cret',
      PAYPAL_API_URL: paypalUrl,
      PAYPAL_CLIENT_ID: DEMO_PAYPAL_CREDENTIALS.clientId,
      PAYPAL_CLIENT_SECRET: DEMO_PAYPAL_CREDENTIALS.clientSecret,
      PAYPAL_WEBHOOK_ID: DEMO_PAYPAL_CREDENTIALS.webhookId,
      PAYPAL_CERT_HOSTS: '127.0.0.1',
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      ADMIN_SUBJECTS: Array.from({ length: MAX_ROUTES }, (_, index) => `${ISSUER}#${memberSubject(index)}`).join(','),
      // Test and manual mails go out at once instead of waiting for the mailbox's pace.
      MAIL_RATE_PER_MINUTE: '10000',
      // The rate limits would answer 429 before most inputs reach the code behind them.
      RATE_LIMIT_SIGN_INS_PER_MINUTE: '100000',
      RATE_LIMIT_EMAILS_PER_HOUR: '100000',
      RATE_LIMIT_CHECKS_PER_HOUR: '100000',
      RATE_LIMIT_ORGANIZATIONS_PER_DAY: '100000',
      RATE_LIMIT_CONNECTOR_REQUESTS_PER_MINUTE: '100000',
      RATE_LIMIT_CONNECTOR_KEY_FAILURES_PER_HOUR: '100000',
    }),
    paypal,
  );
  app = await buildApp({
    config,
    db: database.db,
    oidc: new OidcProvider(config.oidc!, `${APP_URL}/api/callback`),
    graph: { fetch: graph.fetch, retry: { sleep: graph.sleep, random: () => 0.5 }, tokenCache: new TokenCache() },
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    },
  });
  await app.ready();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await app?.close();
  await Promise.all([graph?.close(), paypal?.close(), identity?.close()]);
  await database?.close();
});

interface Member {
  cookie: string;
  tenantId: string;
}

/**
 * A new owner of a subscribed organization with a saved configuration, and an operator admin: each
 * route gets its own, as some end sessions or delete the account.
 */
async function newMember(routeIndex: number): Promise<Member> {
  const { db } = database;
  const user = await createUser(db, { issuer: ISSUER, subject: memberSubject(routeIndex) });
  const organization = await createOrganization(db, user);
  await db.update(tenants).set({ subscriptionStatus: 'active' }).where(eq(tenants.id, organization.id));
  const member = { cookie: await sessionCookieFor(db, user), tenantId: organization.id };
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/configuration',
    headers: { cookie: member.cookie, 'x-tenant-id': member.tenantId, origin: APP_URL },
    payload: configurationFor(DEMO_GRAPH_CREDENTIALS),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return member;
}

// ---- hostile building blocks ----

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  '\u202Egnp.exe',
  'a\u200Bb',
  '\uFEFF',
  '..',
  '../../users',
  '/',
  '%00',
  '%',
  '{{userName}}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%_\\',
  '__proto__',
  'constructor',
  'toString',
  '1e309',
  '-1',
  '0',
  '99999999999999999999999',
  'NaN',
  'true',
  'null',
  GUID,
  GUID.toUpperCase(),
  `${GUID}/..`,
  'I-ABCDEF123456',
  'a@b.co',
  'x'.repeat(5_000),
];
// One valid value for every body field of every route: contracts drop the fields they do not know,
// so this one body passes any route's validation, and a hostile value in one or two of its fields
// reaches the code behind the validation instead of failing next to an invalid neighbour.
const VALID_BODY: Record<string, unknown> = {
  ...configurationFor(DEMO_GRAPH_CREDENTIALS),
  name: 'Fabrikam',
  domain: 'fabrikam.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@contoso.com',
  userId: GUID,
  userEmail: 'ada@contoso.com',
  displayName: 'Ada Lovelace',
  daysRemaining: 5,
  expirationDate: '3/20/2025',
  subscriptionId: 'I-ABCDEF123456',
  planType: 'monthly',
  userName: 'Ada Lovelace',
  enabled: true,
  emailNotifications: true,
  weeklyReports: false,
};
const VALID_QUERY: Record<string, string> = { page: '1', pageSize: '25', search: 'ada', filter: 'all', sort: 'name', direction: 'asc' };
const FIELD_NAMES = [
  ...Object.keys(VALID_BODY),
  'confirmation',
  'securityAlerts',
  'systemUpdates',
  'id',
  'event_type',
  'resource',
  '__proto__',
  'constructor',
  'prototype',
];
const QUERY_KEYS = [...Object.keys(VALID_QUERY), 'limit', 'returnTo', 'code', 'state', 'error', 'iss', 'token', 'ba_token', 'subscription_id', '__proto__'];
// Percent-encodings a browser never sends: an unpaired surrogate's bytes, a byte that is no UTF-8, a cut-off escape.
const RAW_ENCODED = ['%ED%A0%80', '%FF', '%', '%E2%80', '%00', '..%2F..%2F'];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.5, -1, 0, 2 ** 31, 2 ** 63, 1, 7, 365),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: hostileString });
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 5 }),
  ),
}));

/** JSON text a parser may choke on: deep nesting up to the body limit (closed or not), prototype keys, broken syntax. */
const rawJson = fc.oneof(
  fc.integer({ min: 1, max: BODY_LIMIT / 2 - 8 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1, max: Math.floor(BODY_LIMIT / 6) }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(
    '['.repeat(500_000),
    '{"__proto__":{"isAdmin":true,"role":"owner"}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"name":"a","name":"b"}',
    '{',
    '',
    'null',
    '"\\ud800"',
    '{"name":"\\u0000"}',
    `{"x":"${'y'.repeat(BODY_LIMIT)}"}`,
  ),
);

// What becomes of a valid value: a hostile character slipped in (so everything else about it
// stays valid), or a hostile value of any type instead.
const SLIPPED_IN = ['\u0000', '\uD800', '\uDC00', '\u202E', '\u2066', '\u200B', '\u0007', '\n', '/..'];
const mutation = fc.oneof(
  fc.tuple(fc.constantFrom(...SLIPPED_IN), fc.boolean()).map(
    ([character, atStart]) =>
      (value: unknown) =>
        atStart ? `${character}${String(value)}` : `${String(value)}${character}`,
  ),
  hostileValue.map((replacement) => () => replacement),
);
/** The valid body with a random half of its fields each mutated: whichever fields a route reads, about half of the runs bring it a hostile one. */
const mutatedValidBody = fc
  .tuple(fc.subarray(Object.keys(VALID_BODY), { minLength: 1 }), fc.array(mutation, { minLength: 4, maxLength: 4 }))
  .map(([fields, mutations]) =>
    Object.fromEntries(
      Object.entries(VALID_BODY).map(([field, value], index) => [field, fields.includes(field) ? mutations[index % mutations.length]!(value) : value]),
    ),
  );

const asJson = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' });
const body = fc.oneof(
  { weight: 6, arbitrary: mutatedValidBody.map(asJson) },
  { weight: 2, arbitrary: fc.dictionary(fieldName, hostileValue, { maxKeys: 8 }).map(asJson) },
  { weight: 1, arbitrary: hostileValue.map(asJson) },
  { weight: 1, arbitrary: rawJson.map((payload) => ({ contentType: 'application/json', payload })) },
  {
    weight: 1,
    arbitrary: fc.record({
      contentType: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/xml',
      ),
      payload: hostileString,
    }),
  },
);

function encoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return RAW_ENCODED[0]!; // an unpaired surrogate: send its (invalid) UTF-8 bytes
  }
}
const segment = fc.oneof(hostileString.map(encoded), fc.constantFrom(...RAW_ENCODED), fc.constant(GUID), fc.constant('5'));
const queryValue = fc.oneof(hostileString.map(encoded), fc.constantFrom(...RAW_ENCODED));
const queryString = fc.oneof(
  // The valid query with one or two values replaced (a repeated key makes an array).
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...Object.keys(VALID_QUERY)), fc.oneof(queryValue, fc.constantFrom(...SLIPPED_IN).map(encoded)), {
        minKeys: 1,
        maxKeys: 3,
      }),
      fc.boolean(),
    )
    .map(([hostile, repeat]) => {
      const pairs = Object.entries({ ...VALID_QUERY, ...hostile }).map(([key, value]) => `${key}=${value}`);
      return (repeat ? [...pairs, pairs[0]] : pairs).join('&');
    }),
  fc
    .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: hostileString }), queryValue), { maxLength: 5 })
    .map((pairs) => pairs.map(([key, value]) => `${encoded(key)}=${value}`).join('&')),
);
// Header values must be sendable: printable ASCII only.
const headerText = fc.oneof(
  fc.constantFrom('', 'null', GUID.toUpperCase(), `${GUID} `, '../..', 'x'.repeat(2_000), '00000000-0000-0000-0000-000000000000'),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 }),
);

const requestInput = fc.record({
  params: fc.array(segment, { minLength: 3, maxLength: 3 }),
  query: fc.option(queryString, { nil: undefined }),
  body: fc.option(body, { nil: undefined }),
  tenantHeader: fc.oneof({ weight: 4, arbitrary: fc.constant('own') }, { weight: 1, arbitrary: fc.constant('none') }, { weight: 1, arbitrary: headerText }),
  origin: fc.oneof({ weight: 4, arbitrary: fc.constant(APP_URL) }, { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', undefined) }),
  extraHeaders: fc.dictionary(
    fc.constantFrom(
      'accept',
      'accept-language',
      'x-forwarded-for',
      'x-forwarded-proto',
      'paypal-transmission-id',
      'paypal-cert-url',
      'paypal-auth-algo',
      'paypal-transmission-sig',
      'paypal-transmission-time',
      'if-none-match',
      'range',
    ),
    headerText,
    { maxKeys: 3 },
  ),
});
type RequestInput = typeof requestInput extends fc.Arbitrary<infer T> ? T : never;

// The two characters that no store or URL can take, in each field on its own (every other field
// valid), as a member: the random runs rarely leave all but one field valid.
const UNSTORABLE = [
  { character: '\u0000', inUrl: '%00' },
  { character: '\uD800', inUrl: '%ED%A0%80' },
];
const plainInput = (): RequestInput => ({
  params: [GUID, '5', GUID],
  query: undefined,
  body: undefined,
  tenantHeader: 'own',
  origin: APP_URL,
  extraHeaders: {},
});
const singleFieldExamples: RequestInput[] = UNSTORABLE.flatMap(({ character, inUrl }) => [
  ...Object.entries(VALID_BODY)
    .filter(([, value]) => typeof value === 'string')
    .map(([field, value]) => ({ ...plainInput(), body: asJson({ ...VALID_BODY, [field]: `${String(value)}${character}` }) })),
  ...Object.keys(VALID_QUERY).map((key) => ({
    ...plainInput(),
    query: Object.entries(VALID_QUERY)
      .map(([name, value]) => `${name}=${value}${name === key ? inUrl : ''}`)
      .join('&'),
  })),
  { ...plainInput(), params: [`${GUID}${inUrl}`, `5${inUrl}`, inUrl] },
]);

function injectOptions(route: Route, input: RequestInput, caller: Member | 'anonymous'): InjectOptions {
  let index = 0;
  const path = route.url.replace(/:[A-Za-z_]+|\*/g, () => input.params[index++ % input.params.length]!);
  const headers: Record<string, string> = { ...input.extraHeaders };
  if (input.origin !== undefined) headers.origin = input.origin;
  if (caller === 'anonymous') {
    if (input.tenantHeader !== 'own' && input.tenantHeader !== 'none') headers.cookie = `pw_session=${input.tenantHeader}`;
  } else {
    headers.cookie = caller.cookie;
    if (input.tenantHeader === 'own') headers['x-tenant-id'] = caller.tenantId;
    else if (input.tenantHeader !== 'none') headers['x-tenant-id'] = input.tenantHeader;
  }
  if (input.body) headers['content-type'] = input.body.contentType;
  return {
    method: route.method as InjectOptions['method'],
    url: input.query === undefined ? path : `${path}?${input.query}`,
    headers,
    ...(input.body && route.method !== 'GET' ? { payload: input.body.payload } : {}),
  };
}

describe('every route under hostile input', () => {
  it('never answers 5xx', async () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.length).toBeLessThanOrEqual(MAX_ROUTES);
    const failures: string[] = [];
    let inputsTried = 0;
    for (const [routeIndex, route] of routes.entries()) {
      const member = await newMember(routeIndex);
      // fast-check counts the examples among the runs: the member's random runs come on top of them.
      for (const [caller, numRuns, examples] of [
        [member, singleFieldExamples.length + RUNS_AS_MEMBER, singleFieldExamples],
        ['anonymous', RUNS_ANONYMOUS, []],
      ] as const) {
        const result = await fc.check(
          fc.asyncProperty(requestInput, async (input) => {
            inputsTried += 1;
            const options = injectOptions(route, input, caller);
            const response = await app.inject(options);
            if (response.statusCode >= 500)
              throw new Error(`${response.statusCode} ${response.body.slice(0, 200)} for ${JSON.stringify(options).slice(0, 600)}`);
          }),
          { numRuns, endOnFailure: true, examples: examples.map((example) => [example] as [RequestInput]) },
        );
        if (result.failed)
          failures.push(`${route.method} ${route.url} (${caller === 'anonymous' ? 'anonymous' : 'member'}): ` + `${String(result.errorInstance)}`);
      }
    }
    console.info(`route fuzz: ${routes.length} routes, ${inputsTried} inputs`);
    expect(failures).toEqual([]);
    expect(outsideCalls).toEqual([]);
    // A budget, not a requirement: the run grows with every route (about a second each on a busy machine).
  }, 480_000);
});
