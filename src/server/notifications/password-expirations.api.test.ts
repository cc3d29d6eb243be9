import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordExpirationsPage } from '../../shared/api/notifications.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time-zones.js';
import { and, eq } from 'drizzle-orm';
import { daysBetween } from '../../shared/domain/local-date.js';
import { configurations, emailSends, passwordExpirations as passwordExpirationsTable } from '../db/schema/index.js';
import { configurationFor, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { countStatements } from '../test-support/count-statements.js';
import { pagePasswordExpirations, upsertExpirationRecords } from './password-expiration-records.js';
import { DAY_MS } from '../../shared/domain/day-length.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

async function get(member: Member, query: string) {
  return harness.app.inject({ method: 'GET', url: `/api/password-expirations${query}`, headers: member.headers });
}

async function page(member: Member, query: string): Promise<PasswordExpirationsPage> {
  const response = await get(member, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (result: PasswordExpirationsPage) => result.records.map((record) => record.userDisplayName);

/** A check's record: user `n` expires `n` days after 2030-01-01, so the order is 1, 2, 3, ... */
function record(member: Member, n: number, overrides: { name?: string; email?: string; expiresOnDay?: number } = {}) {
  const day = overrides.expiresOnDay ?? n;
  const expiresAt = new Date(Date.UTC(2030, 0, 1 + day, 12));
  return {
    tenantId: member.tenantId,
    graphUserId: `user-${n}`,
    userEmail: overrides.email ?? `user${n}@contoso.com`,
    userDisplayName: overrides.name ?? `User ${String(n).padStart(2, '0')}`,
    mailAddress: overrides.email ?? `user${n}@contoso.com`,
    passwordExpiresAt: expiresAt,
    expiryDate: expiresAt.toISOString().slice(0, 10),
    expiryReason: 'domain_policy' as const,
    validityDays: 90,
    checkedAt: new Date(),
  };
}

async function seed(member: Member, count: number): Promise<void> {
  await upsertExpirationRecords(
    harness.database.db,
    Array.from({ length: count }, (_, index) => record(member, index + 1)),
  );
}

describe('GET /api/password-expirations?page=&pageSize=', () => {
  it('pages through the latest check soonest expiry first, with the total', async () => {
    const owner = await organizationOwner(harness);
    await seed(owner, 12);
    const second = await page(owner, '?page=2&pageSize=5');
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect(names(second)).toEqual(['User 06', 'User 07', 'User 08', 'User 09', 'User 10']);
    expect(names(await page(owner, '?page=3&pageSize=5'))).toEqual(['User 11', 'User 12']);
    expect((await page(owner, '?page=4&pageSize=5')).records).toEqual([]);
    const defaults = await page(owner, '');
    expect(defaults).toMatchObject({ total: 12, page: 1, pageSize: 25 });
    expect(defaults.records).toHaveLength(12);
    expect(defaults.records[0]).toMatchObject({
      userId: 'user-1',
      userEmail: 'user1@contoso.com',
      passwordExpiryDate: '2030-01-02T12:00:00.000Z',
      status: 'pending',
      reachable: true,
    });
  });

  it('breaks expiry ties by name, then id, so no user shows on two pages', async () => {
    const owner = await organizationOwner(harness);
    await upsertExpirationRecords(harness.database.db, [
      record(owner, 1, { name: 'Zoe', expiresOnDay: 3 }),
      record(owner, 2, { name: 'Ada', expiresOnDay: 3 }),
      record(owner, 3, { name: 'Same', expiresOnDay: 3 }),
      record(owner, 4, { name: 'Same', expiresOnDay: 3 }),
      record(owner, 5, { name: 'Early', expiresOnDay: 1 }),
    ]);
    const pages = [await page(owner, '?page=1&pageSize=2'), await page(owner, '?page=2&pageSize=2'), await page(owner, '?page=3&pageSize=2')];
    expect(pages.flatMap(names)).toEqual(['Early', 'Ada', 'Same', 'Same', 'Zoe']);
    expect(new Set(pages.flatMap((result) => result.records.map((entry) => entry.userId))).size).toBe(5);
  });

  it.each([
    ['?page=0', 'The page must be a whole number from 1'],
    ['?page=abc', 'The page must be a whole number from 1'],
    ['?pageSize=0', 'The limit must be a whole number from 1 to 100'],
    ['?pageSize=101', 'The limit must be a whole number from 1 to 100'],
    ['?pageSize=2.5', 'The limit must be a whole number from 1 to 100'],
    [`?search=${'a'.repeat(201)}`, 'The search can be at most 200 characters'],
    ['?filter=soon', 'The filter must be one of: expiring_soon, expired, no_date, all'],
    ['?filter=expired&filter=all', 'The filter must be one of: expiring_soon, expired, no_date, all'],
    ['?sort=status', 'The sort must be one of: expiry, name, email, last_notified'],
    ['?sort=name&direction=down', 'The direction must be asc or desc'],
  ])('refuses %s', async (query, message) => {
    const owner = await organizationOwner(harness);
    const response = await get(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('shows an organization only its own records', async () => {
    const alice = await organizationOwner(harness);
    const bob = await organizationOwner(harness);
    await seed(bob, 3);
    expect(await page(alice, '')).toMatchObject({ total: 0, records: [] });
    expect(await page(alice, '?search=user')).toMatchObject({ total: 0, records: [] });
    expect((await page(bob, '')).total).toBe(3);
  });

  it('refuses callers without a session', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/password-expirations' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/password-expirations?search=', () => {
  async function directory(): Promise<Member> {
    const owner = await organizationOwner(harness);
    await upsertExpirationRecords(harness.database.db, [
      record(owner, 1, { name: 'Ada Lovelace', email: 'ada@contoso.com' }),
      record(owner, 2, { name: 'Grace Hopper', email: 'grace.hopper@contoso.com' }),
      record(owner, 3, { name: 'Backup Service', email: 'svc_backup@contoso.com' }),
      record(owner, 4, { name: '100% Uptime Bot', email: 'uptime@contoso.com' }),
      record(owner, 5, { name: 'Alan Turing', email: 'alan@fabrikam.com' }),
    ]);
    return owner;
  }

  it('keeps users whose display name or email contains the text, ignoring case, and counts them', async () => {
    const owner = await directory();
    expect(names(await page(owner, '?search=LOVE'))).toEqual(['Ada Lovelace']);
    expect(names(await page(owner, '?search=Grace.H'))).toEqual(['Grace Hopper']);
    expect(names(await page(owner, '?search=FABRIKAM'))).toEqual(['Alan Turing']);
    const both = await page(owner, '?search=O&pageSize=2');
    expect(both.total).toBe(5);
    expect(names(both)).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('finds % and _ literally, not as wildcards', async () => {
    const owner = await directory();
    expect(names(await page(owner, `?search=${encodeURIComponent('100%')}`))).toEqual(['100% Uptime Bot']);
    expect(names(await page(owner, '?search=svc_'))).toEqual(['Backup Service']);
    expect(await page(owner, `?search=${encodeURIComponent('%')}`)).toMatchObject({ total: 1 });
    expect(await page(owner, '?search=_')).toMatchObject({ total: 1 });
    expect(await page(owner, `?search=${encodeURIComponent('a\\')}`)).toMatchObject({ total: 0, records: [] });
  });

  it('ignores surrounding spaces, keeps everyone for a blank search and no one for a search nobody matches', async () => {
    const owner = await directory();
    expect(names(await page(owner, '?search=%20%20hopper%20'))).toEqual(['Grace Hopper']);
    expect((await page(owner, '?search=%20%20')).total).toBe(5);
    expect((await page(owner, '?search=')).total).toBe(5);
    expect(await page(owner, '?search=nobody')).toMatchObject({ total: 0, records: [] });
  });
});

describe('GET /api/password-expirations?filter=&sort=&direction=', () => {
  /**
   * What a check of a mixed directory finds (no configuration: New York's calendar): two expired,
   * three expiring, two without a date. Listed here out of every order the tests ask for.
   */
  async function mixedCheck(): Promise<Member> {
    const owner = await organizationOwner(harness);
    const now = harness.graph.clock.now().getTime();
    const dated = (id: string, name: string, days: number, reason: 'domain_policy' | 'organization_default', validityDays: number) => {
      const expiresAt = new Date(now + days * DAY_MS);
      return {
        ...record(owner, 0, { name, email: `${id}@contoso.com` }),
        graphUserId: id,
        passwordExpiresAt: expiresAt,
        expiryDate: localDateOf(expiresAt, DEFAULT_TIME_ZONE),
        expiryReason: reason,
        validityDays,
      };
    };
    const undated = (id: string, name: string, reason: 'never_expires_user_policy' | 'federated') => ({
      ...record(owner, 0, { name, email: `${id}@contoso.com` }),
      graphUserId: id,
      passwordExpiresAt: null,
      expiryDate: null,
      expiryReason: reason,
      validityDays: null,
    });
    await upsertExpirationRecords(harness.database.db, [
      dated('soon-5', 'Erin Five', 5, 'domain_policy', 90),
      dated('gone-20', 'Gina Twenty', -20, 'domain_policy', 90),
      undated('never', 'Nora Never', 'never_expires_user_policy'),
      dated('soon-1', 'Ben One', 1, 'organization_default', 365),
      dated('gone-3', 'Cole Three', -3, 'domain_policy', 90),
      undated('fed', 'Fay Federated', 'federated'),
      dated('soon-3', 'Ann Three', 3, 'domain_policy', 90),
    ]);
    return owner;
  }
  const ids = (result: PasswordExpirationsPage) => result.records.map((entry) => entry.userId);

  it('opens on the users expiring soon, soonest first, with the count under each filter', async () => {
    const owner = await mixedCheck();
    const first = await page(owner, '');
    expect(ids(first)).toEqual(['soon-1', 'soon-3', 'soon-5']);
    expect(first.total).toBe(3);
    expect(first.counts).toEqual({ expiring_soon: 3, expired: 2, no_date: 2, all: 7 });
    expect(first.records.map((entry) => entry.daysUntilExpiry)).toEqual([1, 3, 5]);
  });

  it('filters expired users, users without a date, and everyone', async () => {
    const owner = await mixedCheck();
    const expired = await page(owner, '?filter=expired');
    expect(ids(expired)).toEqual(['gone-20', 'gone-3']);
    expect(expired.records.map((entry) => entry.status)).toEqual(['expired', 'expired']);
    const undated = await page(owner, '?filter=no_date');
    expect(ids(undated)).toEqual(['fed', 'never']);
    expect(undated.records[0]).toMatchObject({ passwordExpiryDate: null, daysUntilExpiry: null, expiryReason: 'federated', validityDays: null });
    // Everyone, by expiry: a password without a date sorts after every date.
    expect(ids(await page(owner, '?filter=all'))).toEqual(['gone-20', 'gone-3', 'soon-1', 'soon-3', 'soon-5', 'fed', 'never']);
    // The search narrows the filter and the counts alike.
    const searched = await page(owner, '?filter=all&search=three');
    expect(ids(searched)).toEqual(['gone-3', 'soon-3']);
    expect(searched.counts).toEqual({ expiring_soon: 1, expired: 1, no_date: 0, all: 2 });
  });

  it('sorts by name, email, expiry and last notified, either way, and pages in that order', async () => {
    const owner = await mixedCheck();
    expect(names(await page(owner, '?filter=all&sort=name'))).toEqual([
      'Ann Three',
      'Ben One',
      'Cole Three',
      'Erin Five',
      'Fay Federated',
      'Gina Twenty',
      'Nora Never',
    ]);
    expect(names(await page(owner, '?filter=expiring_soon&sort=name&direction=desc'))).toEqual(['Erin Five', 'Ben One', 'Ann Three']);
    expect(ids(await page(owner, '?filter=no_date&sort=email&direction=desc'))).toEqual(['never', 'fed']);
    expect(ids(await page(owner, '?sort=expiry&direction=desc'))).toEqual(['soon-5', 'soon-3', 'soon-1']);
    expect(ids(await page(owner, '?filter=all&sort=expiry&direction=desc&pageSize=3'))).toEqual(['never', 'fed', 'soon-5']);
    expect(ids(await page(owner, '?filter=all&sort=expiry&direction=desc&pageSize=3&page=2'))).toEqual(['soon-3', 'soon-1', 'gone-3']);

    await harness.database.db
      .update(passwordExpirationsTable)
      .set({ lastNotifiedAt: new Date(Date.UTC(2030, 0, 2)) })
      .where(and(eq(passwordExpirationsTable.tenantId, owner.tenantId), eq(passwordExpirationsTable.graphUserId, 'soon-5')));
    await harness.database.db
      .update(passwordExpirationsTable)
      .set({ lastNotifiedAt: new Date(Date.UTC(2030, 0, 1)) })
      .where(and(eq(passwordExpirationsTable.tenantId, owner.tenantId), eq(passwordExpirationsTable.graphUserId, 'soon-1')));
    // Never notified comes first going up, last going down.
    expect(ids(await page(owner, '?sort=last_notified'))).toEqual(['soon-3', 'soon-1', 'soon-5']);
    expect(ids(await page(owner, '?sort=last_notified&direction=desc'))).toEqual(['soon-5', 'soon-1', 'soon-3']);
  });

  it('gives each user the reason for the date, or for there being none', async () => {
    const owner = await mixedCheck();
    const all = await page(owner, '?filter=all&sort=name');
    expect(all.records.map((entry) => [entry.userId, entry.expiryReason, entry.validityDays])).toEqual([
      ['soon-3', 'domain_policy', 90],
      ['soon-1', 'organization_default', 365],
      ['gone-3', 'domain_policy', 90],
      ['soon-5', 'domain_policy', 90],
      ['fed', 'federated', null],
      ['gone-20', 'domain_policy', 90],
      ['never', 'never_expires_user_policy', null],
    ]);
  });

  it("shows the delivery state of each user's latest reminder, with its error, test mails aside", async () => {
    const owner = await mixedCheck();
    const today = localDateOf(harness.graph.clock.now(), DEFAULT_TIME_ZONE);
    const mail = (
      graphUserId: string,
      kind: 'reminder' | 'manual' | 'test',
      state: 'queued' | 'sent' | 'failed' | 'deferred',
      minute: number,
      lastError: string | null = null,
      errorCode: string | null = null,
    ) => ({
      tenantId: owner.tenantId,
      kind,
      graphUserId: kind === 'test' ? null : graphUserId,
      recipient: `${graphUserId}@contoso.com`,
      displayName: graphUserId,
      expiryDate: today,
      localDay: today,
      threshold: kind === 'reminder' ? 0 : null,
      senderMailbox: 'noreply@contoso.com',
      state,
      lastError,
      errorCode,
      nextAttemptAt: new Date(Date.UTC(2030, 0, 1, 0, minute)),
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, minute)),
    });
    const forbidden = 'Graph refused to send mail (403 ErrorAccessDenied): grant the Mail.Send application permission.';
    await harness.database.db
      .insert(emailSends)
      .values([
        mail('soon-1', 'reminder', 'sent', 1),
        mail('soon-1', 'manual', 'failed', 2, forbidden, 'ErrorAccessDenied'),
        mail('soon-3', 'reminder', 'failed', 1, forbidden, 'ErrorAccessDenied'),
        mail('soon-3', 'manual', 'deferred', 2, 'Microsoft Graph is unavailable (HTTP 503); it is sent again automatically.', 'http_503'),
        mail('soon-5', 'test', 'failed', 3, forbidden),
      ]);
    const records = (await page(owner, '')).records;
    expect(records.map((entry) => [entry.userId, entry.latestReminder?.state ?? null, entry.latestReminder?.errorCode ?? null])).toEqual([
      ['soon-1', 'failed', 'ErrorAccessDenied'],
      ['soon-3', 'deferred', 'http_503'],
      ['soon-5', null, null],
    ]);
    expect(records[0]?.latestReminder?.error).toBe(forbidden);
    // Another organization's mail to a user with the same id is not theirs.
    const other = await organizationOwner(harness);
    await harness.database.db.insert(emailSends).values({ ...mail('soon-5', 'reminder', 'sent', 4), tenantId: other.tenantId });
    expect((await page(owner, '')).records[2]?.latestReminder).toBeNull();
  });
});

describe('the day the users table counts from', () => {
  it("is today in the organization's zone as stored, even right after another instance changed it, in one statement a page", async () => {
    const owner = await organizationOwner(harness);
    const db = harness.database.db;
    const now = harness.graph.clock.now();
    // 25 hours apart: whatever the hour, the two zones are on different days.
    const [ahead, behind] = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    await saveConfiguration(harness, owner, configurationFor(undefined, { timeZone: ahead }));
    const expiresAt = new Date(now.getTime() + 3 * DAY_MS);
    await upsertExpirationRecords(db, [{ ...record(owner, 1), passwordExpiresAt: expiresAt, expiryDate: localDateOf(expiresAt, ahead) }]);
    const daysIn = (timeZone: string) => daysBetween(localDateOf(now, timeZone), localDateOf(expiresAt, ahead));
    expect(daysIn(ahead)).not.toBe(daysIn(behind));
    const read = () => pagePasswordExpirations(db, owner.tenantId, { page: 1, pageSize: 25, filter: 'all', sort: 'expiry', direction: 'asc' }, now);

    expect((await page(owner, '?filter=all')).records[0]?.daysUntilExpiry).toBe(daysIn(ahead));
    const steady = await countStatements(harness.database.db.$client, read);
    expect(steady.result.timeZone).toBe(ahead);
    expect(steady.statements).toBe(1);

    // Changed in the database as another instance's save would: this instance was not told.
    await db.update(configurations).set({ timeZone: behind }).where(eq(configurations.tenantId, owner.tenantId));
    const changed = await page(owner, '?filter=all');
    expect(changed.records[0]?.daysUntilExpiry).toBe(daysIn(behind));
    expect(changed.counts.all).toBe(1);
    expect((await countStatements(harness.database.db.$client, read)).statements).toBe(1);

    // An empty page still has its counts, from today in the stored zone.
    const empty = await page(owner, '?filter=all&page=2');
    expect(empty).toMatchObject({ records: [], total: 1, counts: { all: 1 } });
  });
});

describe('the page as the app writes it from the rows', () => {
  it('is the JSON JSON.stringify writes of the same page: instants to the millisecond, any text escaped, every field', async () => {
    const owner = await organizationOwner(harness);
    const db = harness.database.db;
    const odd = 'Zoë "Q" O\'Brien \\ tab\there\nnew line \u0001 \u2028 😀 </script>';
    await upsertExpirationRecords(db, [
      { ...record(owner, 1, { name: odd }), preferredLanguage: 'de-DE', expirySource: 'PSO "Admins"' },
      { ...record(owner, 2), mailAddress: null, expiryReason: 'organization_default' as const },
    ]);
    // Instants with microseconds, as PostgreSQL's now() stamps them: JavaScript keeps the milliseconds.
    const instant = '2030-01-02 03:04:05.678999+00';
    await harness.database.pool.query(
      `update password_expirations set last_notified_at = $2, password_expires_at = '2030-01-02 23:59:59.999999+00' where tenant_id = $1 and graph_user_id = 'user-1'`,
      [owner.tenantId, instant],
    );
    await db.insert(emailSends).values({
      tenantId: owner.tenantId,
      kind: 'reminder',
      graphUserId: 'user-2',
      recipient: 'user2@contoso.com',
      displayName: 'User 02',
      expiryDate: '2030-01-03',
      localDay: '2030-01-01',
      threshold: 1,
      senderMailbox: 'noreply@contoso.com',
      state: 'failed',
      lastError: 'Refused: "quota" \\ exceeded',
      errorCode: 'ErrorQuotaExceeded',
      nextAttemptAt: new Date(Date.UTC(2030, 0, 1)),
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, 0, 7)),
    });

    const response = await get(owner, '?filter=all');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json() as PasswordExpirationsPage;
    // Byte for byte what Fastify's JSON.stringify of the parsed object writes: same keys, same order, no spaces.
    expect(response.body).toBe(JSON.stringify(body));
    const [first, second] = body.records;
    expect(first).toEqual({
      id: expect.any(String),
      userId: 'user-1',
      userEmail: 'user1@contoso.com',
      userDisplayName: odd,
      preferredLanguage: 'de-DE',
      passwordExpiryDate: '2030-01-02T23:59:59.999Z',
      daysUntilExpiry: daysBetween(localDateOf(harness.graph.clock.now(), DEFAULT_TIME_ZONE), '2030-01-02'),
      expiryReason: 'domain_policy',
      validityDays: 90,
      expirySource: 'PSO "Admins"',
      lastNotified: new Date(instant).toISOString(),
      status: 'notified',
      reachable: true,
      latestReminder: null,
    });
    expect(first?.lastNotified).toBe('2030-01-02T03:04:05.678Z');
    expect(second).toMatchObject({
      userId: 'user-2',
      lastNotified: null,
      status: 'pending',
      reachable: false,
      latestReminder: { state: 'failed', error: 'Refused: "quota" \\ exceeded', errorCode: 'ErrorQuotaExceeded', createdAt: '2030-01-01T00:00:00.007Z' },
    });
    expect(body).toMatchObject({ total: 2, counts: { expiring_soon: 2, expired: 0, no_date: 0, all: 2 }, page: 1, pageSize: 25 });

    // The CSV export's objects, built from the same rows without the JSON, are the same page.
    const query = { page: 1, pageSize: 25, filter: 'all', sort: 'expiry', direction: 'asc' } as const;
    const { page } = await pagePasswordExpirations(db, owner.tenantId, query, harness.graph.clock.now());
    expect(JSON.stringify(page)).toBe(response.body);
  });
});
