import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../metrics/registry.js';
import { createOrganization, createUser } from '../test-support/factories.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { auditLogs, users } from './schema/index.js';
import { type Kept, TenantReadCache } from './tenant-read-cache.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const caches: TenantReadCache[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
});
afterAll(async () => {
  await database?.close();
});

async function listeningCache(options: { maxBytes?: number; maxAgeMs?: number } = {}): Promise<TenantReadCache> {
  const cache = new TenantReadCache(database.db.$client, { enabled: true, ...options });
  caches.push(cache);
  await cache.start();
  return cache;
}

/** A loader that counts its calls and answers the count. */
function countingLoader(bytes = 10): { load: () => Promise<Kept<number>>; calls: () => number } {
  let calls = 0;
  return { load: async () => ({ value: ++calls, bytes }), calls: () => calls };
}

/** Reads until the loader runs again (the notice of a change arrived), for at most 10 s. */
async function readUntilLoaded(cache: TenantReadCache, tenantId: string, key: string, loader: ReturnType<typeof countingLoader>): Promise<void> {
  const before = loader.calls();
  const deadline = Date.now() + 10_000;
  while (loader.calls() === before) {
    if (Date.now() > deadline) throw new Error(`the read of ${tenantId} ${key} was still kept 10 s after the change`);
    await cache.read(tenantId, key, loader.load);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** passwatch_tenant_reads_total by outcome so far. */
async function readsCounted(): Promise<{ kept: number; read: number }> {
  const { values } = await metricsRegistry.getSingleMetric('passwatch_tenant_reads_total')!.get();
  const of = (outcome: string) => values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
  return { kept: of('kept'), read: of('read') };
}

async function twoOrganizations() {
  const owner = await createUser(database.db);
  const first = await createOrganization(database.db, owner);
  const second = await createOrganization(database.db, owner);
  return { owner, first: first.id, second: second.id };
}

describe('the triggers that announce changes', () => {
  it('are on the organizations, the users and the tables of organization rows the kept reads read', async () => {
    const triggers = await database.db.execute<{ table_name: string; triggers: string[] }>(sql`
      select c.relname as table_name, array_agg(t.tgname::text order by t.tgname::text) as triggers
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgname like 'passwatch_announce_%' group by c.relname`);
    const byTable = new Map(triggers.rows.map((row) => [row.table_name, row.triggers]));
    // What each kept read reads is checked against this in src/server/dashboard/dashboard-reads-kept.api.test.ts.
    const tenantTables = [
      'password_expirations',
      'email_sends',
      'configurations',
      'audit_logs',
      'automation_runs',
      'automation_schedules',
      'billing_subscriptions',
    ];
    for (const table of [...tenantTables, 'tenants']) {
      expect(byTable.get(table), table).toEqual([
        'passwatch_announce_delete',
        'passwatch_announce_insert',
        'passwatch_announce_truncate',
        'passwatch_announce_update',
      ]);
    }
    expect(byTable.get('users')).toEqual(['passwatch_announce_change']);
    // Tables only background work writes notify nobody: a notifying commit takes PostgreSQL's notification queue lock.
    expect([...byTable.keys()].sort()).toEqual([...tenantTables, 'tenants', 'users'].sort());
  });

  it('announce each organization whose rows a statement changed, once, when it commits', async () => {
    const { owner, first, second } = await twoOrganizations();
    const listener = new pg.Client(database.db.$client.options);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('listen passwatch_tenant_data');
    try {
      const entry = (tenantId: string, message: string) => ({ tenantId, actorUserId: owner.id, category: 'test', status: 'success' as const, message });
      await database.db.transaction(async (tx) => {
        await tx.insert(auditLogs).values([entry(first, 'one'), entry(first, 'two'), entry(second, 'three')]);
        await tx.update(auditLogs).set({ message: 'changed' }).where(eq(auditLogs.tenantId, first));
      });
      // Rolled back: never announced.
      await database.db
        .transaction(async (tx) => {
          await tx.insert(auditLogs).values(entry(randomUUID(), 'never'));
          tx.rollback();
        })
        .catch(() => {});
      await database.db.update(users).set({ firstName: 'Grace' }).where(eq(users.id, owner.id));
      await expect.poll(() => heard.length).toBe(3);
      expect(heard.slice(0, 2).sort()).toEqual([first, second].sort());
      expect(heard[2]).toBe('*');
    } finally {
      await listener.end();
    }
  });
});

describe('TenantReadCache', () => {
  it('keeps a read until a change of its organization commits, and keeps the other organization', async () => {
    const { owner, first, second } = await twoOrganizations();
    const cache = await listeningCache();
    const ofFirst = countingLoader();
    const ofSecond = countingLoader();
    const counted = await readsCounted();
    expect(await cache.read(first, 'k', ofFirst.load)).toBe(1);
    expect(await cache.read(first, 'k', ofFirst.load)).toBe(1);
    expect(await cache.read(second, 'k', ofSecond.load)).toBe(1);
    expect(await readsCounted()).toEqual({ kept: counted.kept + 1, read: counted.read + 2 });

    // Another connection's change, as another instance would make it.
    await database.db.insert(auditLogs).values({ tenantId: first, actorUserId: owner.id, category: 'test', status: 'success', message: 'changed' });
    await readUntilLoaded(cache, first, 'k', ofFirst);
    expect(await cache.read(first, 'k', ofFirst.load)).toBe(2);
    expect(await cache.read(second, 'k', ofSecond.load)).toBe(1);
    expect(ofSecond.calls()).toBe(1);
  });

  it('drops everything when a change names no organization (a user renamed)', async () => {
    const { owner, first, second } = await twoOrganizations();
    const cache = await listeningCache();
    const ofFirst = countingLoader();
    const ofSecond = countingLoader();
    await cache.read(first, 'k', ofFirst.load);
    await cache.read(second, 'k', ofSecond.load);
    await database.db.update(users).set({ lastName: 'Hopper' }).where(eq(users.id, owner.id));
    await readUntilLoaded(cache, first, 'k', ofFirst);
    expect(await cache.read(second, 'k', ofSecond.load)).toBe(2);
  });

  it('does not keep a read that a change of its organization overtook', async () => {
    const cache = await listeningCache();
    const tenantId = randomUUID();
    let calls = 0;
    const racing = async () => {
      calls++;
      // The change is announced while the read is in flight: what it read may be from before.
      cache.forget(tenantId);
      return { value: calls, bytes: 10 };
    };
    expect(await cache.read(tenantId, 'k', racing)).toBe(1);
    expect(await cache.read(tenantId, 'k', racing)).toBe(2);
    // A change of another organization does not matter.
    const other = randomUUID();
    const calm = countingLoader();
    const overtaken = cache.read(tenantId, 'calm', async () => {
      cache.forget(other);
      return calm.load();
    });
    expect(await overtaken).toBe(1);
    expect(await cache.read(tenantId, 'calm', calm.load)).toBe(1);
  });

  it('reads again what is no longer current (a value worked out for a day that ended)', async () => {
    const cache = await listeningCache();
    const tenantId = randomUUID();
    const loader = countingLoader();
    let today = '2030-01-01';
    const read = () =>
      cache.read(
        tenantId,
        'k',
        async () => ({ value: { day: today, n: (await loader.load()).value }, bytes: 10 }),
        (kept) => kept.day === today,
      );
    expect(await read()).toEqual({ day: '2030-01-01', n: 1 });
    expect(await read()).toEqual({ day: '2030-01-01', n: 1 });
    today = '2030-01-02';
    expect(await read()).toEqual({ day: '2030-01-02', n: 2 });
  });

  it('keeps nothing when turned off, or while it is not listening', async () => {
    const off = new TenantReadCache(database.db.$client, { enabled: false });
    caches.push(off);
    await off.start();
    const loader = countingLoader();
    await off.read('a', 'k', loader.load);
    await off.read('a', 'k', loader.load);
    expect(loader.calls()).toBe(2);

    const cache = await listeningCache();
    const tenantId = randomUUID();
    const kept = countingLoader();
    await cache.read(tenantId, 'k', kept.load);
    await cache.read(tenantId, 'k', kept.load);
    expect(kept.calls()).toBe(1);
    // The listening connection is cut: notices could be missed, so nothing is kept until it listens again.
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen passwatch_tenant_data'`);
    await readUntilLoaded(cache, tenantId, 'k', kept);
    await cache.read(tenantId, 'k', kept.load);
    expect(kept.calls()).toBeGreaterThan(2);
    // Listening again (a second later): kept again.
    await expect
      .poll(
        async () => {
          const before = kept.calls();
          await cache.read(tenantId, 'k', kept.load);
          await cache.read(tenantId, 'k', kept.load);
          return kept.calls() - before;
        },
        { timeout: 10_000 },
      )
      .toBeLessThanOrEqual(1);
  });

  it('keeps within its byte budget, dropping the least recently used first', async () => {
    const cache = await listeningCache({ maxBytes: 100 });
    const tenantId = randomUUID();
    const loaders = [countingLoader(40), countingLoader(40), countingLoader(40)];
    await cache.read(tenantId, 'a', loaders[0]!.load);
    await cache.read(tenantId, 'b', loaders[1]!.load);
    await cache.read(tenantId, 'a', loaders[0]!.load); // a is now the most recently used
    await cache.read(tenantId, 'c', loaders[2]!.load); // 120 bytes: b goes
    await cache.read(tenantId, 'a', loaders[0]!.load);
    await cache.read(tenantId, 'c', loaders[2]!.load);
    expect(loaders.map((loader) => loader.calls())).toEqual([1, 1, 1]);
    await cache.read(tenantId, 'b', loaders[1]!.load);
    expect(loaders[1]!.calls()).toBe(2);
    // Larger than the whole budget: never kept.
    const huge = countingLoader(101);
    await cache.read(tenantId, 'huge', huge.load);
    await cache.read(tenantId, 'huge', huge.load);
    expect(huge.calls()).toBe(2);
  });

  it('reads again after its longest keep, whatever was announced', async () => {
    const cache = await listeningCache({ maxAgeMs: 50 });
    const tenantId = randomUUID();
    const loader = countingLoader();
    await cache.read(tenantId, 'k', loader.load);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.read(tenantId, 'k', loader.load);
    expect(loader.calls()).toBe(2);
  });
});
