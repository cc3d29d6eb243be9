// The organizations overview (docs/product.md §Organizations overview): every figure for every
// organization of the user, by a fixed number of queries however many organizations there are.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/domain/local-date.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { automationRuns, emailSends, memberships, passwordExpirations, tenants } from '../db/schema/index.js';
import { configurationFor, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness } from '../test-support/api-harness.js';
import { countStatements } from '../test-support/count-statements.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';
import { organizationsOverview } from './organizations-overview.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => harness?.close());

/** How many statements `work` sends to PostgreSQL. */
async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const { result, statements } = await countStatements(harness.database.db.$client, work);
  return { result, queries: statements };
}

describe('organizations overview', () => {
  it('shows each organization’s connection, expiries, checks, failed reminders and subscription, by name', async () => {
    const owner = await organizationOwner(harness);
    await harness.database.db.update(tenants).set({ name: 'Alpha Ltd', subscriptionStatus: 'active' }).where(sql`id = ${owner.tenantId}`);
    await saveConfiguration(harness, owner, configurationFor(undefined, { timeZone: 'UTC', daysBeforeExpiration: 7 }));
    const db = harness.database.db;
    const now = harness.graph.clock.now();
    const today = localDateOf(now, 'UTC');
    const person = (id: string, expiryDate: string, lastNotifiedAt: Date | null = null, lookAhead = false) => ({
      tenantId: owner.tenantId,
      graphUserId: id,
      userEmail: `${id}@contoso.com`,
      userDisplayName: id,
      expiryDate,
      expiryReason: 'domain_policy' as const,
      lastNotifiedAt,
      lookAhead,
      checkedAt: now,
    });
    await db.insert(passwordExpirations).values([
      person('soon', addDays(today, 3)),
      person('reminded', addDays(today, 2), now),
      person('gone', addDays(today, -4)),
      // Listed by the check only for the projections: beyond the first reminder, not expiring soon yet.
      person('projected', addDays(today, 5), null, true),
      person('later', addDays(today, 30), null, true),
    ]);
    await db
      .insert(automationRuns)
      .values({ tenantId: owner.tenantId, trigger: 'manual', localDay: today, status: 'completed', startedAt: now, finishedAt: now });
    await db.insert(emailSends).values({
      tenantId: owner.tenantId,
      kind: 'reminder',
      recipient: 'soon@contoso.com',
      displayName: 'soon',
      threshold: 3,
      expiryDate: addDays(today, 3),
      localDay: today,
      senderMailbox: 'it@contoso.com',
      state: 'failed',
      nextAttemptAt: now,
      lastAttemptAt: now,
      createdAt: now,
    });
    // A second organization, where the owner is a viewer: nothing configured yet.
    const other = await organizationOwner(harness);
    await db.update(tenants).set({ name: 'Beta Inc' }).where(sql`id = ${other.tenantId}`);
    await db.insert(memberships).values({ tenantId: other.tenantId, userId: owner.userId, role: 'viewer' });

    const response = await harness.app.inject({ method: 'GET', url: '/api/organizations/overview', headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: owner.tenantId,
        name: 'Alpha Ltd',
        domain: 'contoso.com',
        role: 'owner',
        configured: true,
        connectionStatus: expect.any(String),
        expiringSoon: 2,
        expired: 1,
        neverReminded: 2,
        lastCheck: now.toISOString(),
        nextCheck: expect.any(String),
        failedReminders: 1,
        subscriptionStatus: 'active',
      },
      expect.objectContaining({
        id: other.tenantId,
        name: 'Beta Inc',
        role: 'viewer',
        configured: false,
        expiringSoon: 0,
        nextCheck: null,
        subscriptionStatus: 'none',
      }),
    ]);
    // The same "Expiring soon" as the organization's own dashboard card.
    const stats = await harness.app.inject({ method: 'GET', url: '/api/dashboard-stats', headers: owner.headers });
    expect(stats.json().expiringSoon).toBe(2);
    expect((await harness.app.inject({ method: 'GET', url: '/api/organizations/overview' })).statusCode).toBe(401);
  });

  it('reads 200 organizations with the same number of queries as one', async () => {
    const db = harness.database.db;
    const one = await organizationOwner(harness);
    const single = await countQueries(() => organizationsOverview({ db, clock: harness.graph.clock.now }, one.userId));
    expect(single.result).toHaveLength(1);

    const manager = await createUser(db, { firstName: 'Mona', lastName: 'Managed' });
    const created = await db
      .insert(tenants)
      .values(Array.from({ length: 200 }, (_, index) => ({ name: `Customer ${String(index).padStart(3, '0')}`, domain: 'customer.example' })))
      .returning({ id: tenants.id });
    await db
      .insert(memberships)
      .values(created.map(({ id }, index) => ({ tenantId: id, userId: manager.id, role: index === 0 ? ('owner' as const) : ('admin' as const) })));
    const many = await countQueries(() => organizationsOverview({ db, clock: harness.graph.clock.now }, manager.id));
    expect(many.result).toHaveLength(200);
    expect(many.result[0]!.name).toBe('Customer 000');
    expect(many.queries).toBe(single.queries);
    expect(many.queries).toBe(4);
    // The route answers them all for the signed-in manager.
    const cookie = await sessionCookieFor(db, manager);
    const response = await harness.app.inject({ method: 'GET', url: '/api/organizations/overview', headers: { cookie } });
    expect(response.json()).toHaveLength(200);
  });
});
