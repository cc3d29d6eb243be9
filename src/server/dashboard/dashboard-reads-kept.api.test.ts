// The dashboard's reads kept between changes (docs/architecture.md §Reads kept between changes),
// through the HTTP layer of two instances on one database: one keeps reads, as in production;
// the other reads afresh every time and stands for the truth.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_PATH } from '../../shared/api/data-export.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { buildApp } from '../app.js';
import { type Kept, TenantReadCache } from '../db/tenant-read-cache.js';
import { OidcProvider } from '../auth/index.js';
import { passwordExpirations } from '../db/schema/index.js';
import { upsertExpirationRecords } from '../notifications/index.js';
import { configurationFor, type Member, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness } from '../test-support/api-harness.js';
import { countStatements } from '../test-support/count-statements.js';
import { testConfig } from '../test-support/test-config.js';

const ROUTES = [
  '/api/dashboard-stats',
  '/api/password-expirations?filter=all&sort=expiry&direction=asc&page=1&pageSize=25',
  '/api/configuration',
  '/api/audit-logs/5',
];
const USERS_TABLE = ROUTES[1]!;

let keeping: ApiHarness;
let fresh: FastifyInstance;
beforeAll(async () => {
  keeping = await startApiHarness({ TENANT_READ_CACHE: 'true' });
  const config = testConfig({ ENTRA_AUTHORITY_URL: keeping.graph.baseUrl, GRAPH_API_URL: keeping.graph.baseUrl });
  fresh = await buildApp({
    config,
    db: keeping.database.db,
    oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
    clock: keeping.graph.clock.now,
    graph: { fetch: keeping.graph.fetch },
  });
});
afterAll(async () => {
  await fresh?.close();
  await keeping?.close();
});

async function get(app: FastifyInstance, member: Member, url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url, headers: member.headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.body;
}

/** An owner with a saved configuration and `count` users in the users table, expiring 1, 2, ... days from now. */
async function ownerWithUsers(count: number): Promise<Member> {
  const owner = await organizationOwner(keeping);
  await saveConfiguration(keeping, owner, configurationFor(undefined, { timeZone: 'America/New_York' }));
  const now = keeping.graph.clock.now().getTime();
  await upsertExpirationRecords(
    keeping.database.db,
    Array.from({ length: count }, (_, index) => {
      const expiresAt = new Date(now + (index + 1) * DAY_MS);
      return {
        tenantId: owner.tenantId,
        graphUserId: `user-${index}`,
        userEmail: `user${index}@contoso.com`,
        userDisplayName: `User ${index}`,
        mailAddress: `user${index}@contoso.com`,
        passwordExpiresAt: expiresAt,
        expiryDate: expiresAt.toISOString().slice(0, 10),
        expiryReason: 'domain_policy' as const,
        validityDays: 90,
        checkedAt: new Date(now),
      };
    }),
  );
  return owner;
}

/** The relations a plan of EXPLAIN (FORMAT JSON) reads. */
function relationsOf(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const item of plan) relationsOf(item, into);
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else relationsOf(value, into);
    }
  }
  return into;
}

describe('the dashboard routes, kept between changes', () => {
  it('read only tables whose changes PostgreSQL announces', async () => {
    const owner = await ownerWithUsers(3);
    const pool = keeping.database.db.$client;
    // The statements each route's read sends (the session lookup before it is no kept read).
    const statements = new Map<string, { text: string; values: unknown[] }[]>();
    let loading: string | null = null;
    const originalRead = TenantReadCache.prototype.read;
    const originalQuery = pool.query;
    TenantReadCache.prototype.read = function <T>(
      this: TenantReadCache,
      tenantId: string,
      key: string,
      load: () => Promise<Kept<T>>,
      isCurrent?: (value: T) => boolean,
    ) {
      return originalRead.call<TenantReadCache, [string, string, () => Promise<Kept<T>>, ((value: T) => boolean) | undefined], Promise<T>>(
        this,
        tenantId,
        key,
        async () => {
          loading = key;
          try {
            return await load();
          } finally {
            loading = null;
          }
        },
        isCurrent,
      );
    } as typeof originalRead;
    pool.query = ((config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      if (loading !== null) {
        const text = typeof config === 'string' ? config : config.text;
        statements.set(loading, [...(statements.get(loading) ?? []), { text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) }]);
      }
      return (originalQuery as (...args: unknown[]) => unknown).call(pool, config, values);
    }) as typeof originalQuery;
    try {
      for (const url of ROUTES) await get(keeping.app, owner, url);
    } finally {
      TenantReadCache.prototype.read = originalRead;
      pool.query = originalQuery;
    }
    expect(statements.size).toBe(ROUTES.length);

    const announced = await pool.query<{ table_name: string }>(
      `select distinct c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like 'passwatch_announce_%'`,
    );
    const announcedTables = new Set(announced.rows.map((row) => row.table_name));
    for (const [key, sent] of statements) {
      for (const { text, values } of sent) {
        const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${text}`, values);
        const read = relationsOf(rows[0]!['QUERY PLAN']);
        expect(read.size, key).toBeGreaterThan(0);
        for (const table of read) expect(announcedTables.has(table), `${key} reads ${table}, whose changes are not announced`).toBe(true);
      }
    }
  });

  it('answer byte for byte what a fresh read answers, and the second time without asking PostgreSQL', async () => {
    const owner = await ownerWithUsers(30);
    for (const url of ROUTES) {
      const first = await get(keeping.app, owner, url);
      // The notices of the owner's own setup may still arrive during the first reads, which are then not kept.
      await expect
        .poll(async () => (await countStatements(keeping.database.db.$client, () => get(keeping.app, owner, url))).statements, { timeout: 10_000 })
        .toBe(0);
      const again = await countStatements(keeping.database.db.$client, () => get(keeping.app, owner, url));
      expect(again.result, url).toBe(first);
      expect(again.statements, url).toBe(0);
      expect(await get(fresh, owner, url), url).toBe(first);
    }
  });

  it('answer a change made through another instance as soon as its notice arrives', async () => {
    const owner = await ownerWithUsers(3);
    const before = JSON.parse(await get(keeping.app, owner, '/api/configuration'));
    expect(before.daysBeforeExpiration).toBe(7);
    await get(keeping.app, owner, USERS_TABLE);

    const saved = await fresh.inject({
      method: 'PUT',
      url: '/api/configuration',
      headers: owner.headers,
      payload: configurationFor(undefined, { timeZone: 'America/New_York', daysBeforeExpiration: 14 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(async () => JSON.parse(await get(keeping.app, owner, '/api/configuration')).daysBeforeExpiration, { timeout: 10_000 }).toBe(14);

    // A check's write, as another instance's check makes it: straight to the table.
    await keeping.database.db.update(passwordExpirations).set({ userDisplayName: 'Renamed' }).where(eq(passwordExpirations.tenantId, owner.tenantId));
    await expect
      .poll(async () => JSON.parse(await get(keeping.app, owner, USERS_TABLE)).records.map((record: { userDisplayName: string }) => record.userDisplayName), {
        timeout: 10_000,
      })
      .toEqual(['Renamed', 'Renamed', 'Renamed']);
    for (const url of ROUTES) expect(await get(keeping.app, owner, url), url).toBe(await get(fresh, owner, url));
  });

  it('answer a change made through the same instance at once', async () => {
    const owner = await ownerWithUsers(3);
    await get(keeping.app, owner, '/api/configuration');
    const activityBefore = JSON.parse(await get(keeping.app, owner, '/api/audit-logs/5'));
    await saveConfiguration(keeping, owner, configurationFor(undefined, { timeZone: 'America/New_York', daysBeforeExpiration: 21 }));
    // No waiting for the notice: the save dropped what this instance kept before it answered.
    expect(JSON.parse(await get(keeping.app, owner, '/api/configuration')).daysBeforeExpiration).toBe(21);
    expect(JSON.parse(await get(keeping.app, owner, '/api/audit-logs/5'))).not.toEqual(activityBefore);
  });

  it('answer at once what a GET that changes data changed (the data export, in Recent Activity)', async () => {
    const owner = await ownerWithUsers(1);
    await get(keeping.app, owner, '/api/audit-logs/5');
    const exported = await keeping.app.inject({ method: 'GET', url: DATA_EXPORT_PATH, headers: owner.headers });
    expect(exported.statusCode).toBe(200);
    const latest = JSON.parse(await get(keeping.app, owner, '/api/audit-logs/5'))[0];
    expect(latest.message).toMatch(/^Data export downloaded by /);
  });

  it('drop, for a request with a connector key, only the reads of the key organization', async () => {
    const owner = await ownerWithUsers(1);
    const other = await ownerWithUsers(1);
    const enrolled = await keeping.app.inject({ method: 'POST', url: '/api/on-premises/connectors', headers: owner.headers, payload: { name: 'DC01' } });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const statementsOf = async (member: Member) =>
      (await countStatements(keeping.database.db.$client, () => get(keeping.app, member, '/api/configuration'))).statements;
    await expect.poll(() => statementsOf(owner), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => statementsOf(other), { timeout: 10_000 }).toBe(0);

    // A commit of a snapshot never begun: the key passes, the route answers 404.
    const committed = await keeping.app.inject({
      method: 'POST',
      url: `/api/connector/v1/snapshots/${randomUUID()}/commit`,
      headers: { authorization: `Bearer ${enrolled.json().key}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(committed.statusCode).toBe(404);
    expect(await statementsOf(owner)).toBeGreaterThan(0);
    expect(await statementsOf(other)).toBe(0);
  });

  it('count the days again when the organization day ends, with no change at all', async () => {
    const owner = await ownerWithUsers(3);
    const days = async () =>
      JSON.parse(await get(keeping.app, owner, USERS_TABLE)).records.map((record: { daysUntilExpiry: number }) => record.daysUntilExpiry) as number[];
    const before = await days();
    expect(JSON.parse(await get(keeping.app, owner, '/api/dashboard-stats')).expiringSoon).toBe(3);
    // Two days on, the first user's password has expired.
    keeping.graph.clock.advance(2 * DAY_MS);
    expect(await days()).toEqual(before.map((day) => day - 2));
    const statsAfter = JSON.parse(await get(keeping.app, owner, '/api/dashboard-stats'));
    expect(statsAfter.expiringSoon).toBe(2);
    expect(statsAfter).toEqual(JSON.parse(await get(fresh, owner, '/api/dashboard-stats')));
  });

  it('keep no organization reads for a member of another', async () => {
    const owner = await ownerWithUsers(3);
    const stranger = await ownerWithUsers(1);
    for (const url of ROUTES) await get(keeping.app, owner, url);
    for (const url of ROUTES) {
      const response = await keeping.app.inject({ method: 'GET', url, headers: { ...stranger.headers, 'x-tenant-id': owner.tenantId } });
      expect(response.statusCode, url).toBe(404);
    }
    expect(JSON.parse(await get(keeping.app, stranger, USERS_TABLE)).records).toHaveLength(1);
  });
});
