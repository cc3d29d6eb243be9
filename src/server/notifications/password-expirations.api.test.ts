import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordExpirationsPage } from '../../shared/api/notifications.js';
import { organizationOwner, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { upsertExpirationRecords } from './password-expiration-records.js';

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
    expect(defaults.records[0]).toMatchObject({ userId: 'user-1', userEmail: 'user1@contoso.com', passwordExpiryDate: '2030-01-02T12:00:00.000Z', status: 'pending', reachable: true });
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
