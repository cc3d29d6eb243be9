// Hybrid directories over HTTP against a real database and the Graph simulator's Contoso, whose
// synced users come from its simulated CORP domain: enrolment, the connector's three routes
// (idempotent, atomic, bounded, refused for a wrong or revoked key, one organization's key never
// reaching another's data) and the dates a check then shows.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushConfigurationAlerts } from '../account-mail/index.js';
import {
  connectorMessages,
  FILETIME_NEVER,
  MAX_CLOCK_AHEAD_MINUTES,
  MAX_EXPANDED_BODY_BYTES,
  type AdUserRecord,
  type BeginSnapshotBody,
} from '../../shared/api/connector-snapshot.js';
import type { PreviewGroupUsersResult } from '../../shared/api/directory.js';
import type { PasswordExpirationsPage } from '../../shared/api/notifications.js';
import type { OnPremisesOverview } from '../../shared/api/on-premises.js';
import { filetimeToMs } from '../../shared/domain/on-premises-expiry.js';
import { CONTOSO_TENANT_ID } from '../../simulators/graph/index.js';
import {
  accountMailOutbox,
  adDomains,
  adSnapshots,
  adUsers,
  auditLogs,
  emailSends,
  memberships,
  notificationPreferences,
  syncedDirectoryUsers,
} from '../db/schema/index.js';
import { startOnPremisesCheck } from './on-premises-check.js';
import { configurationFor, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { createOrganization, createUser, sessionCookieFor } from '../test-support/factories.js';

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

interface CorpSnapshot {
  domain: BeginSnapshotBody['domain'];
  passwordSettingsObjects: BeginSnapshotBody['passwordSettingsObjects'];
  users: AdUserRecord[];
}

/** What the simulator's CORP domain holds, in the connector's wire format. */
async function corpSnapshot(): Promise<CorpSnapshot> {
  const response = await harness.graph.fetch(`${harness.graph.baseUrl}/_control/tenants/${CONTOSO_TENANT_ID}/on-premises`);
  expect(response.status).toBe(200);
  return (await response.json()) as CorpSnapshot;
}

async function enrol(member: Member, name = 'DC01 connector'): Promise<string> {
  const response = await harness.app.inject({ method: 'POST', url: '/api/on-premises/connectors', headers: member.headers, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { key: string }).key;
}

function connectorRequest(key: string, method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) {
  return harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
}

function beginBody(snapshot: CorpSnapshot, users: number, batches: number, takenAt = harness.graph.clock.now()): BeginSnapshotBody {
  return {
    snapshotId: randomUUID(),
    connectorVersion: '1.0.0',
    takenAt: takenAt.toISOString(),
    domain: snapshot.domain,
    passwordSettingsObjects: snapshot.passwordSettingsObjects,
    userCount: users,
    batchCount: batches,
  };
}

/** Begins, sends `users` in batches of `perBatch`, commits; answers the commit's response. */
async function sendSnapshot(key: string, snapshot: CorpSnapshot, users = snapshot.users, perBatch = 20, takenAt?: Date) {
  const batches = Math.max(1, Math.ceil(users.length / perBatch));
  const begin = beginBody(snapshot, users.length, batches, takenAt);
  const begun = await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', begin);
  expect(begun.statusCode, begun.body).toBe(201);
  for (let index = 0; index < batches; index++) {
    const sent = await connectorRequest(key, 'PUT', `/api/connector/v1/snapshots/${begin.snapshotId}/batches/${index}`, {
      users: users.slice(index * perBatch, (index + 1) * perBatch),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  return { begin, commit: await connectorRequest(key, 'POST', `/api/connector/v1/snapshots/${begin.snapshotId}/commit`, {}) };
}

/** An owner whose organization may run checks. */
async function subscribedOwner(): Promise<Member> {
  const user = await createUser(harness.database.db, { firstName: 'Olga', lastName: 'Owner' });
  const organization = await createOrganization(harness.database.db, user, { subscriptionStatus: 'active' });
  const cookie = await sessionCookieFor(harness.database.db, user);
  return { cookie, tenantId: organization.id, userId: user.id, headers: { cookie, 'x-tenant-id': organization.id } };
}

async function runCheck(member: Member) {
  const response = await harness.app.inject({ method: 'POST', url: '/api/run-check', headers: member.headers, payload: {} });
  expect(response.statusCode, response.body).toBe(200);
}

/** The users table's rows of the named users (searched one by one: the table pages). */
async function usersTable(member: Member, emails: readonly string[] = NAMED_SYNCED_USERS) {
  const rows = new Map<string, PasswordExpirationsPage['records'][number]>();
  for (const email of emails) {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/password-expirations?filter=all&search=${encodeURIComponent(email)}`,
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json() as PasswordExpirationsPage).records.find((record) => record.userEmail === email);
    if (found) rows.set(email, found);
  }
  return rows;
}

const NAMED_SYNCED_USERS = [
  'christie.cline@contoso.com',
  'allan.deyoung@contoso.com',
  'irvin.sayers@contoso.com',
  'debra.berger@contoso.com',
  'grant.steel@contoso.com',
];

/** A subscribed owner whose organization was checked once, then got CORP's snapshot through a connector. */
async function checkedOwnerWithCorp() {
  const owner = await subscribedOwner();
  await saveConfiguration(harness, owner, configurationFor());
  await runCheck(owner);
  const key = await enrol(owner);
  const corp = await corpSnapshot();
  expect((await sendSnapshot(key, corp)).commit.statusCode).toBe(200);
  return { owner, key, corp };
}

async function snapshotRows(tenantId: string) {
  const [snapshots] = await harness.database.db.select({ n: count() }).from(adSnapshots).where(eq(adSnapshots.tenantId, tenantId));
  const [records] = await harness.database.db.select({ n: count() }).from(adUsers).where(eq(adUsers.tenantId, tenantId));
  return { snapshots: snapshots!.n, records: records!.n };
}

describe('hybrid users of Contoso', () => {
  it('dates synced users with the domain controller’s own dates once the connector sent CORP, and counts both sides of the matching', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor());
    await runCheck(owner);
    const before = await usersTable(owner);
    expect(before.get('christie.cline@contoso.com')?.expiryReason).toBe('managed_on_premises');

    const key = await enrol(owner);
    expect(key).toMatch(/^pwc_[A-Za-z0-9_-]{43}$/);
    const corp = await corpSnapshot();
    const { commit } = await sendSnapshot(key, corp);
    expect(commit.statusCode, commit.body).toBe(200);
    const counts = commit.json() as { usersRead: number; matched: number; unmatchedAdUsers: number; unmatchedGraphUsers: number };
    expect(counts.usersRead).toBe(corp.users.length);
    // svc-sql is in AD only; Grant Steel is synced from another forest.
    expect(counts.unmatchedAdUsers).toBe(1);
    expect(counts.matched).toBe(corp.users.length - 1);
    expect(counts.unmatchedGraphUsers).toBe(1);

    await runCheck(owner);
    const after = await usersTable(owner);
    const adOf = (upn: string) => corp.users.find((user) => user.userPrincipalName === upn)!;
    const christie = after.get('christie.cline@contoso.com')!;
    expect(christie.expiryReason).toBe('on_premises_domain_policy');
    expect(christie.expirySource).toBe('corp.contoso.com');
    expect(christie.validityDays).toBe(60);
    expect(christie.passwordExpiryDate).toBe(new Date(filetimeToMs(BigInt(adOf('christie.cline@contoso.com').passwordExpiryTimeComputed))).toISOString());
    const allan = after.get('allan.deyoung@contoso.com')!;
    expect(allan).toMatchObject({ expiryReason: 'on_premises_pso', expirySource: 'Admins PSO', validityDays: 30 });
    expect(allan.passwordExpiryDate).toBe(new Date(filetimeToMs(BigInt(adOf('allan.deyoung@contoso.com').passwordExpiryTimeComputed))).toISOString());
    expect(after.get('irvin.sayers@contoso.com')).toMatchObject({ expiryReason: 'on_premises_never_expires', passwordExpiryDate: null });
    expect(after.get('debra.berger@contoso.com')).toMatchObject({ expiryReason: 'on_premises_must_change', passwordExpiryDate: null });
    expect(after.get('grant.steel@contoso.com')).toMatchObject({ expiryReason: 'managed_on_premises', expirySource: null });

    // Preview Users dates them as the check does, and writes nothing of the check's.
    const anchorsBefore = await harness.database.db.select().from(syncedDirectoryUsers).where(eq(syncedDirectoryUsers.tenantId, owner.tenantId));
    const preview = await harness.app.inject({
      method: 'POST',
      url: '/api/preview-group-users',
      headers: owner.headers,
      payload: { includeGroups: [], excludeGroups: [] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = new Map((preview.json() as PreviewGroupUsersResult).users.map((user) => [user.email, user]));
    for (const email of ['christie.cline@contoso.com', 'allan.deyoung@contoso.com', 'irvin.sayers@contoso.com', 'grant.steel@contoso.com']) {
      const shown = after.get(email)!;
      expect({ email, ...previewed.get(email) }).toMatchObject({
        email,
        expiryReason: shown.expiryReason,
        expirySource: shown.expirySource,
        passwordExpiryDate: shown.passwordExpiryDate,
      });
    }
    expect(await harness.database.db.select().from(syncedDirectoryUsers).where(eq(syncedDirectoryUsers.tenantId, owner.tenantId))).toEqual(anchorsBefore);

    const overview = (await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers: owner.headers })).json() as OnPremisesOverview;
    expect(overview.connectors[0]?.domains[0]).toMatchObject({ dnsName: 'corp.contoso.com', usersRead: corp.users.length, unmatchedAdUsers: 1, stale: false });
    expect(overview.unmatchedGraphUsers).toBe(1);
    expect(JSON.stringify(overview)).not.toContain(key);
  });

  it('answers the same to a begin, a batch and a commit sent again, and refuses a snapshot id reused with other content', async () => {
    const owner = await organizationOwner(harness);
    const key = await enrol(owner);
    const corp = await corpSnapshot();
    const users = corp.users.slice(0, 30);
    const begin = beginBody(corp, users.length, 2);
    expect((await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', begin)).statusCode).toBe(201);
    const again = await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', begin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ snapshotId: begin.snapshotId, maxUsersPerBatch: 5000 });
    expect((await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', { ...begin, userCount: 31 })).statusCode).toBe(409);

    const batch0 = `/api/connector/v1/snapshots/${begin.snapshotId}/batches/0`;
    expect((await connectorRequest(key, 'PUT', batch0, { users: users.slice(0, 15) })).json()).toEqual({ received: 15 });
    expect((await connectorRequest(key, 'PUT', batch0, { users: users.slice(0, 15) })).json()).toEqual({ received: 15 });
    const early = await connectorRequest(key, 'POST', `/api/connector/v1/snapshots/${begin.snapshotId}/commit`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Batches missing: 1' });
    expect((await connectorRequest(key, 'PUT', `/api/connector/v1/snapshots/${begin.snapshotId}/batches/1`, { users: users.slice(15) })).statusCode).toBe(200);

    const commit = `/api/connector/v1/snapshots/${begin.snapshotId}/commit`;
    const first = await connectorRequest(key, 'POST', commit, {});
    expect(first.statusCode, first.body).toBe(200);
    const second = await connectorRequest(key, 'POST', commit, {});
    expect(second.json()).toEqual(first.json());
    expect((await connectorRequest(key, 'PUT', batch0, { users: users.slice(0, 15) })).statusCode).toBe(200);
    expect((await connectorRequest(key, 'PUT', batch0, { users: users.slice(0, 14) })).statusCode).toBe(409);
    expect(await snapshotRows(owner.tenantId)).toEqual({ snapshots: 1, records: 30 });
  });

  it('replaces a domain’s records atomically: a newer snapshot swaps them all, a commit refused leaves the current ones', async () => {
    const owner = await organizationOwner(harness);
    const key = await enrol(owner);
    const corp = await corpSnapshot();
    expect((await sendSnapshot(key, corp, corp.users.slice(0, 40))).commit.statusCode).toBe(200);
    const incomplete = beginBody(corp, 10, 2);
    await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', incomplete);
    await connectorRequest(key, 'PUT', `/api/connector/v1/snapshots/${incomplete.snapshotId}/batches/0`, { users: corp.users.slice(40, 45) });
    expect((await connectorRequest(key, 'POST', `/api/connector/v1/snapshots/${incomplete.snapshotId}/commit`, {})).statusCode).toBe(409);

    const current = () => harness.database.db.select({ sid: adUsers.objectSid }).from(adUsers).where(eq(adUsers.tenantId, owner.tenantId));
    expect((await current()).length).toBe(40 + 5);
    const overview = async () =>
      ((await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers: owner.headers })).json() as OnPremisesOverview).connectors[0]!.domains;
    expect((await overview())[0]?.usersRead).toBe(40);

    const later = new Date(harness.graph.clock.now().getTime() + 60_000);
    expect((await sendSnapshot(key, corp, corp.users.slice(10, 20), 20, later)).commit.statusCode).toBe(200);
    expect((await overview())[0]?.usersRead).toBe(10);
    const committedSids = (await current()).map((row) => row.sid);
    // The 40 old records went with the old snapshot; only the new 10 and the incomplete one's 5 remain.
    expect(committedSids).toHaveLength(15);
    expect(committedSids).toEqual(expect.arrayContaining(corp.users.slice(10, 20).map((user) => user.objectSid.toUpperCase())));
    // An older snapshot committed late does not bring old data back.
    const late = await sendSnapshot(key, corp, corp.users.slice(0, 5), 20, new Date(later.getTime() - 3_600_000));
    expect(late.commit.statusCode).toBe(409);
  });
});

describe('stale snapshots and the declared policy', () => {
  it('dates nobody from a snapshot older than the threshold, names since when, alerts once, and plans no reminder from it', async () => {
    const { owner } = await checkedOwnerWithCorp();
    const takenAt = harness.graph.clock.now();
    await runCheck(owner);
    expect((await usersTable(owner, ['christie.cline@contoso.com'])).get('christie.cline@contoso.com')?.expiryReason).toBe('on_premises_domain_policy');

    harness.graph.clock.advance(49 * 3_600_000);
    await runCheck(owner);
    const christie = (await usersTable(owner, ['christie.cline@contoso.com'])).get('christie.cline@contoso.com');
    expect(christie).toMatchObject({ expiryReason: 'managed_on_premises', passwordExpiryDate: null });
    expect(christie?.expirySource).toBe(`connector silent since ${takenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    const laterReminders = await harness.database.db
      .select({ id: emailSends.id })
      .from(emailSends)
      .where(and(eq(emailSends.tenantId, owner.tenantId), eq(emailSends.recipient, 'christie.cline@contoso.com'), gt(emailSends.createdAt, takenAt)));
    expect(laterReminders).toEqual([]);
    await runCheck(owner);
    const alerts = await harness.database.db
      .select({ payload: accountMailOutbox.payload })
      .from(accountMailOutbox)
      .where(eq(accountMailOutbox.tenantId, owner.tenantId));
    expect(alerts.filter((alert) => alert.payload.type === 'connector_silent')).toHaveLength(1);
    const overview = (await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers: owner.headers })).json() as OnPremisesOverview;
    expect(overview.connectors[0]?.domains[0]?.stale).toBe(true);
  });

  it('alerts nobody about a snapshot the connector replaced while the check ran, and alerts once the new one goes silent', async () => {
    const { owner, key, corp } = await checkedOwnerWithCorp();
    const silentAlerts = async () =>
      (
        await harness.database.db.select({ payload: accountMailOutbox.payload }).from(accountMailOutbox).where(eq(accountMailOutbox.tenantId, owner.tenantId))
      ).filter((alert) => alert.payload.type === 'connector_silent');
    harness.graph.clock.advance(49 * 3_600_000);
    // A check starts from the stale snapshot; the connector comes back before it finishes.
    const check = await startOnPremisesCheck(harness.database.db, owner.tenantId, harness.graph.clock.now(), {
      async *transitiveMemberIds() {},
    });
    expect((await sendSnapshot(key, corp)).commit.statusCode).toBe(200);
    await check.finish();
    expect(await silentAlerts()).toEqual([]);
    const [domain] = await harness.database.db.select().from(adDomains).where(eq(adDomains.tenantId, owner.tenantId));
    expect(domain!.silenceAlertedSnapshotId).toBeNull();

    // The new snapshot going silent in its turn is told.
    harness.graph.clock.advance(49 * 3_600_000);
    await runCheck(owner);
    expect(await silentAlerts()).toHaveLength(1);
  });

  it('sends the silent-connector alert to the owners who keep security alerts on, and to no other member', async () => {
    const owner = await subscribedOwner();
    const db = harness.database.db;
    // Admins and helpdesk members get security alerts by default (they follow the role), a viewer
    // switched them on: none of them gets this one. A second owner who switched them off gets none.
    const member = async (role: 'owner' | 'admin' | 'helpdesk' | 'viewer', securityAlerts: boolean | null) => {
      const user = await createUser(db, { firstName: role, lastName: 'Member' });
      await db.insert(memberships).values({ tenantId: owner.tenantId, userId: user.id, role });
      if (securityAlerts !== null)
        await db
          .insert(notificationPreferences)
          .values({ userId: user.id, emailNotifications: true, weeklyReports: true, systemUpdates: true, securityAlerts });
      return user.id;
    };
    const others = [await member('admin', null), await member('helpdesk', null), await member('viewer', true)];
    const quietOwner = await member('owner', false);
    await saveConfiguration(harness, owner, configurationFor());
    const key = await enrol(owner);
    expect((await sendSnapshot(key, await corpSnapshot())).commit.statusCode).toBe(200);
    harness.graph.clock.advance(49 * 3_600_000);
    await runCheck(owner);
    // The configuration's alert waits out its quarter hour (long past on this clock) before it is queued.
    await flushConfigurationAlerts(db, harness.graph.clock.now(), 15 * 60_000);

    const alerts = await db
      .select({ userId: accountMailOutbox.userId, payload: accountMailOutbox.payload })
      .from(accountMailOutbox)
      .where(eq(accountMailOutbox.tenantId, owner.tenantId));
    expect(alerts.filter((alert) => alert.payload.type === 'connector_silent').map((alert) => alert.userId)).toEqual([owner.userId]);
    // The admin does get the organization's other security alerts: this one alone is the owner's.
    const configurationAlerts = alerts.filter((alert) => alert.payload.type === 'configuration_changed').map((alert) => alert.userId);
    expect(configurationAlerts).toEqual(expect.arrayContaining([owner.userId, others[0]]));
    expect(configurationAlerts).not.toContain(quietOwner);
  });

  it('estimates synced users no snapshot has from the declared maximum age, and says so', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor());
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/on-premises/settings',
      headers: owner.headers,
      payload: { staleAfterHours: 24, declaredPolicy: { maxPasswordAgeDays: 25 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ staleAfterHours: 24, declaredPolicy: { maxPasswordAgeDays: 25, groupAges: [], neverExpiresGroup: null } });
    const refused = await harness.app.inject({
      method: 'PUT',
      url: '/api/on-premises/settings',
      headers: owner.headers,
      payload: { staleAfterHours: 0, declaredPolicy: null },
    });
    expect(refused.statusCode).toBe(400);
    await runCheck(owner);
    const grant = (await usersTable(owner, ['grant.steel@contoso.com'])).get('grant.steel@contoso.com');
    expect(grant).toMatchObject({ expiryReason: 'on_premises_estimated', validityDays: 25, expirySource: 'declared domain policy' });
    const graphChange = harness.graph.simulator.state.tenants.get(CONTOSO_TENANT_ID)!.findUser('grant.steel@contoso.com')!.lastPasswordChangeDateTime!;
    expect(grant?.passwordExpiryDate).toBe(new Date(graphChange + 25 * 86_400_000).toISOString());
  });
});

describe('connector keys', () => {
  it('refuses a wrong, malformed or revoked key with 401 and the contract’s message, and writes nothing', async () => {
    const owner = await organizationOwner(harness);
    const key = await enrol(owner);
    const corp = await corpSnapshot();
    const begin = beginBody(corp, 1, 1);
    for (const wrong of [`pwc_${'A'.repeat(43)}`, 'not-a-key', '']) {
      const response = await connectorRequest(wrong, 'POST', '/api/connector/v1/snapshots', begin);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: connectorMessages.keyInvalid });
    }
    const list = (await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers: owner.headers })).json() as OnPremisesOverview;
    const revoked = await harness.app.inject({ method: 'POST', url: `/api/on-premises/connectors/${list.connectors[0]!.id}/revoke`, headers: owner.headers });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ revokedAt: expect.any(String) });
    const refused = await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', begin);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: connectorMessages.keyInvalid });
    expect(await snapshotRows(owner.tenantId)).toEqual({ snapshots: 0, records: 0 });

    const audit = await harness.database.db.select({ message: auditLogs.message }).from(auditLogs).where(eq(auditLogs.tenantId, owner.tenantId));
    expect(audit.map((entry) => entry.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^On-premises connector "DC01 connector" added/),
        expect.stringMatching(/^On-premises connector "DC01 connector" revoked/),
      ]),
    );
  });

  it("never lets one organization's key touch another's snapshot, and keeps each organization's section to its members", async () => {
    const alice = await organizationOwner(harness);
    const bob = await organizationOwner(harness, { firstName: 'Bob', lastName: 'Builder' });
    const aliceKey = await enrol(alice);
    const bobKey = await enrol(bob);
    const corp = await corpSnapshot();
    const bobs = beginBody(corp, 5, 1);
    expect((await connectorRequest(bobKey, 'POST', '/api/connector/v1/snapshots', bobs)).statusCode).toBe(201);
    const batch = await connectorRequest(aliceKey, 'PUT', `/api/connector/v1/snapshots/${bobs.snapshotId}/batches/0`, { users: corp.users.slice(0, 5) });
    expect(batch.statusCode).toBe(404);
    expect((await connectorRequest(aliceKey, 'POST', `/api/connector/v1/snapshots/${bobs.snapshotId}/commit`, {})).statusCode).toBe(404);
    expect(await snapshotRows(bob.tenantId)).toEqual({ snapshots: 1, records: 0 });
    expect(await snapshotRows(alice.tenantId)).toEqual({ snapshots: 0, records: 0 });

    const intruder = { cookie: alice.cookie, 'x-tenant-id': bob.tenantId };
    expect((await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers: intruder })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'POST', url: '/api/on-premises/connectors', headers: intruder, payload: { name: 'x' } })).statusCode).toBe(404);
    const bobsConnector = ((await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers: bob.headers })).json() as OnPremisesOverview)
      .connectors[0]!;
    expect(
      (await harness.app.inject({ method: 'POST', url: `/api/on-premises/connectors/${bobsConnector.id}/revoke`, headers: alice.headers })).statusCode,
    ).toBe(404);
  });

  it('lets only the owner add or revoke a connector; a member may look', async () => {
    const owner = await organizationOwner(harness);
    const colleague = await createUser(harness.database.db, { firstName: 'Carol', lastName: 'Member' });
    await harness.database.db.insert(memberships).values({ tenantId: owner.tenantId, userId: colleague.id, role: 'admin' });
    const headers = { cookie: await sessionCookieFor(harness.database.db, colleague), 'x-tenant-id': owner.tenantId };
    expect((await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers })).statusCode).toBe(200);
    const refused = await harness.app.inject({ method: 'POST', url: '/api/on-premises/connectors', headers, payload: { name: 'x' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('snapshot bodies', () => {
  it('names the field of an invalid body, including a 64-bit value sent as a JSON number', async () => {
    const owner = await organizationOwner(harness);
    const key = await enrol(owner);
    const corp = await corpSnapshot();
    const begin = beginBody(corp, 1, 1);
    await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', begin);
    const user = corp.users[0]!;
    const cases: [unknown, RegExp][] = [
      [{ users: [{ ...user, pwdLastSet: 133_456_789_012_345 }] }, /^users\.0\.pwdLastSet: /],
      [{ users: [{ ...user, passwordExpiryTimeComputed: '9223372036854775808' }] }, /^users\.0\.passwordExpiryTimeComputed: must be a decimal string/],
      [{ users: [{ ...user, extra: 1 }] }, /^users\.0: /],
      [{ users: [user, user] }, /^users\.1\.objectSid: users: the same objectSid appears twice/],
    ];
    for (const [body, message] of cases) {
      const response = await connectorRequest(key, 'PUT', `/api/connector/v1/snapshots/${begin.snapshotId}/batches/0`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(message);
    }
    const beyond = await connectorRequest(key, 'PUT', `/api/connector/v1/snapshots/${begin.snapshotId}/batches/1`, { users: [] });
    expect(beyond.statusCode).toBe(400);
    const unknown = await connectorRequest(key, 'PUT', `/api/connector/v1/snapshots/${randomUUID()}/batches/0`, { users: [] });
    expect(unknown.statusCode).toBe(404);
    // A host clock running ahead: such a snapshot would never go stale.
    const ahead = await connectorRequest(
      key,
      'POST',
      '/api/connector/v1/snapshots',
      beginBody(corp, 1, 1, new Date(harness.graph.clock.now().getTime() + (MAX_CLOCK_AHEAD_MINUTES + 1) * 60_000)),
    );
    expect(ahead.statusCode).toBe(400);
    expect((ahead.json() as { message: string }).message).toBe(connectorMessages.takenAtInFuture);
    expect(await snapshotRows(owner.tenantId)).toEqual({ snapshots: 1, records: 0 });
  });

  it('accepts a gzip body, refuses one that expands past the cap (413) or is not gzip (400), and an announced length over the cap', async () => {
    const owner = await organizationOwner(harness);
    const key = await enrol(owner);
    const corp = await corpSnapshot();
    const begin = beginBody(corp, 2, 1);
    await connectorRequest(key, 'POST', '/api/connector/v1/snapshots', begin);
    const url = `/api/connector/v1/snapshots/${begin.snapshotId}/batches/0`;
    const zipped = await connectorRequest(key, 'PUT', url, gzipSync(JSON.stringify({ users: corp.users.slice(0, 2) })), { 'content-encoding': 'gzip' });
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect(zipped.json()).toEqual({ received: 2 });

    // 17 MB of spaces compress to about 17 kB.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"users":['), Buffer.alloc(MAX_EXPANDED_BODY_BYTES + 1024 * 1024, ' '), Buffer.from(']}')]));
    expect(bomb.length).toBeLessThan(100_000);
    const exploded = await connectorRequest(key, 'PUT', url, bomb, { 'content-encoding': 'gzip' });
    expect(exploded.statusCode).toBe(413);
    expect((exploded.json() as { message: string }).message).toMatch(/too large/);
    const garbage = await connectorRequest(key, 'PUT', url, Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' });
    expect(garbage.statusCode).toBe(400);
    const deflated = await connectorRequest(key, 'PUT', url, '{}', { 'content-encoding': 'br' });
    expect(deflated.statusCode).toBe(415);
    const announced = await connectorRequest(key, 'PUT', url, '{}', { 'content-length': String(64 * 1024 * 1024) });
    expect(announced.statusCode).toBe(413);
    expect(await snapshotRows(owner.tenantId)).toEqual({ snapshots: 1, records: 2 });
  });

  it('keeps FILETIMEs exact: the largest value AD stores comes back digit for digit', async () => {
    const owner = await organizationOwner(harness);
    const key = await enrol(owner);
    const corp = await corpSnapshot();
    const user = { ...corp.users[0]!, passwordExpiryTimeComputed: FILETIME_NEVER, pwdLastSet: '133456789012345679' };
    expect((await sendSnapshot(key, corp, [user])).commit.statusCode).toBe(200);
    const [row] = await harness.database.db.select().from(adUsers).where(eq(adUsers.tenantId, owner.tenantId));
    expect(String(row?.passwordExpiryTimeComputed)).toBe(FILETIME_NEVER);
    expect(String(row?.pwdLastSet)).toBe('133456789012345679');
  });
});

describe('checks after the first (a kept record index, anchors written when they changed)', () => {
  // A date moved a day earlier each time stays within what the users table lists.
  const ONE_DAY = 864_000_000_000n;
  const CHRISTIE = 'christie.cline@contoso.com';
  const ALLAN = 'allan.deyoung@contoso.com';

  it('sees at the next check a record a newer snapshot changed or dropped, and a snapshot another instance committed', async () => {
    const { owner, key, corp } = await checkedOwnerWithCorp();
    await runCheck(owner);
    const christieAd = corp.users.find((user) => user.userPrincipalName === CHRISTIE)!;
    const dcDate = BigInt(christieAd.passwordExpiryTimeComputed);
    expect((await usersTable(owner, [CHRISTIE])).get(CHRISTIE)?.passwordExpiryDate).toBe(new Date(filetimeToMs(dcDate)).toISOString());

    const newer = corp.users
      .filter((user) => user.userPrincipalName !== ALLAN)
      .map((user) => (user === christieAd ? { ...user, passwordExpiryTimeComputed: String(dcDate - ONE_DAY) } : user));
    const later = new Date(harness.graph.clock.now().getTime() + 60_000);
    expect((await sendSnapshot(key, corp, newer, 20, later)).commit.statusCode).toBe(200);
    await runCheck(owner);
    const after = await usersTable(owner, [CHRISTIE, ALLAN]);
    expect(after.get(CHRISTIE)?.passwordExpiryDate).toBe(new Date(filetimeToMs(dcDate - ONE_DAY)).toISOString());
    expect(after.get(ALLAN)).toMatchObject({ expiryReason: 'managed_on_premises', passwordExpiryDate: null });
    const overview = (await harness.app.inject({ method: 'GET', url: '/api/on-premises', headers: owner.headers })).json() as OnPremisesOverview;
    expect(overview.connectors[0]?.domains[0]).toMatchObject({ usersRead: newer.length, unmatchedAdUsers: 1 });
    // Grant Steel (another forest) and now Allan.
    expect(overview.unmatchedGraphUsers).toBe(2);

    // Another instance's commit of a snapshot taken at the same time: only the database changes,
    // this process's kept index is not told.
    const [domain] = await harness.database.db.select().from(adDomains).where(eq(adDomains.tenantId, owner.tenantId));
    const copy = randomUUID();
    await harness.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ad_snapshots (tenant_id, id, connector_id, domain_sid, dns_name, netbios_name, max_pwd_age, password_settings_objects,
                                  connector_version, taken_at, user_count, batch_count, begun_at, committed_at, result)
        select tenant_id, ${copy}, connector_id, domain_sid, dns_name, netbios_name, max_pwd_age, password_settings_objects,
               connector_version, taken_at, user_count, batch_count, begun_at, committed_at, result
        from ad_snapshots where tenant_id = ${owner.tenantId} and id = ${domain!.currentSnapshotId}`);
      await tx.execute(sql`
        insert into ad_users (tenant_id, snapshot_id, batch_index, object_sid, object_guid, user_principal_name, sam_account_name, mail,
                              pwd_last_set, user_account_control, password_expiry_time_computed, resultant_pso, account_expires)
        select tenant_id, ${copy}, batch_index, object_sid, object_guid, user_principal_name, sam_account_name, mail, pwd_last_set,
               user_account_control,
               case when user_principal_name = ${CHRISTIE} then password_expiry_time_computed - ${ONE_DAY} else password_expiry_time_computed end,
               resultant_pso, account_expires
        from ad_users where tenant_id = ${owner.tenantId} and snapshot_id = ${domain!.currentSnapshotId}`);
      await tx.update(adDomains).set({ currentSnapshotId: copy }).where(eq(adDomains.tenantId, owner.tenantId));
    });
    await runCheck(owner);
    expect((await usersTable(owner, [CHRISTIE])).get(CHRISTIE)?.passwordExpiryDate).toBe(new Date(filetimeToMs(dcDate - 2n * ONE_DAY)).toISOString());
  });

  it('rewrites the synced users’ anchors only when Graph changed them, and the next commit counts against the new ones', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor());
    const anchors = () =>
      harness.database.db
        .select({ id: syncedDirectoryUsers.graphUserId, sid: syncedDirectoryUsers.securityIdentifier, checkedAt: syncedDirectoryUsers.checkedAt })
        .from(syncedDirectoryUsers)
        .where(eq(syncedDirectoryUsers.tenantId, owner.tenantId))
        .orderBy(syncedDirectoryUsers.graphUserId);
    await runCheck(owner);
    const first = await anchors();
    expect(first.length).toBeGreaterThan(5);
    harness.graph.clock.advance(60_000);
    await runCheck(owner);
    // Not rewritten: the same rows with the first check's time.
    expect(await anchors()).toEqual(first);

    const corp = await corpSnapshot();
    const serviceAccount = corp.users.find((user) => user.sAMAccountName === 'svc-sql')!;
    const grant = harness.graph.simulator.state.tenants.get(CONTOSO_TENANT_ID)!.findUser('grant.steel@contoso.com')!;
    const grantSid = grant.onPremisesSecurityIdentifier;
    try {
      // Grant Steel now carries the SID of the one AD account no Graph user had.
      grant.onPremisesSecurityIdentifier = serviceAccount.objectSid;
      harness.graph.clock.advance(60_000);
      await runCheck(owner);
      const third = await anchors();
      expect(third.map((row) => row.id)).toEqual(first.map((row) => row.id));
      expect(third.find((row) => row.id === grant.id)?.sid).toBe(serviceAccount.objectSid);
      expect(third.every((row) => row.checkedAt > first[0]!.checkedAt)).toBe(true);
      const { commit } = await sendSnapshot(await enrol(owner), corp);
      expect(commit.json()).toMatchObject({ usersRead: corp.users.length, matched: corp.users.length, unmatchedAdUsers: 0, unmatchedGraphUsers: 0 });
    } finally {
      grant.onPremisesSecurityIdentifier = grantSid;
    }
  });
});
