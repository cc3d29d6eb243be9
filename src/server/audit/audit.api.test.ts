import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationOwner, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { recordAudit } from './record-audit.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

const get = (member: Member, url: string) => harness.app.inject({ method: 'GET', url, headers: member.headers });

/** Entries 1..count, a minute apart, the odd ones by the member and the even ones by the system. */
async function seed(member: Member, count: number): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    await recordAudit(harness.database.db, member.tenantId, {
      category: index % 3 === 0 ? 'notification' : 'automation',
      status: index % 5 === 0 ? 'error' : index % 4 === 0 ? 'warning' : 'success',
      message: `Entry ${index}`,
      actorUserId: index % 2 === 1 ? member.userId : null,
      details: { index },
      createdAt: new Date(Date.parse('2025-03-01T00:00:00Z') + index * 60_000),
    });
  }
}

describe('GET /api/audit-logs/:limit', () => {
  it('answers the newest entries first, with who did them', async () => {
    const owner = await organizationOwner(harness, { firstName: 'Ada', lastName: 'Lovelace' });
    await seed(owner, 7);
    const response = await get(owner, '/api/audit-logs/5');
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries.map((entry: { message: string }) => entry.message)).toEqual(['Entry 7', 'Entry 6', 'Entry 5', 'Entry 4', 'Entry 3']);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      category: 'automation',
      status: 'success',
      message: 'Entry 7',
      actorName: 'Ada Lovelace',
      createdAt: '2025-03-01T00:07:00.000Z',
    });
    expect(entries.slice(1, 4).map((entry: { status: string; actorName: string | null }) => [entry.status, entry.actorName])).toEqual([
      ['success', null],
      ['error', 'Ada Lovelace'],
      ['warning', null],
    ]);
  });

  it('keeps insertion order for entries written at the same instant', async () => {
    const owner = await organizationOwner(harness);
    const at = new Date('2025-03-02T00:00:00Z');
    for (const message of ['first', 'second', 'third']) {
      await recordAudit(harness.database.db, owner.tenantId, { category: 'configuration', status: 'success', message, createdAt: at });
    }
    expect((await get(owner, '/api/audit-logs/3')).json().map((entry: { message: string }) => entry.message)).toEqual(['third', 'second', 'first']);
  });

  it('answers an empty list for a new organization', async () => {
    const owner = await organizationOwner(harness);
    expect((await get(owner, '/api/audit-logs/5')).json()).toEqual([]);
  });

  it.each(['0', '101', 'abc', '2.5', '-1'])('refuses the limit %s', async (limit) => {
    const owner = await organizationOwner(harness);
    const response = await get(owner, `/api/audit-logs/${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The limit must be a whole number from 1 to 100');
  });
});

describe('GET /api/audit-logs?page=&pageSize=', () => {
  it('pages through the whole history with the total', async () => {
    const owner = await organizationOwner(harness);
    await seed(owner, 12);
    const page = async (query: string) => (await get(owner, `/api/audit-logs${query}`)).json();
    const second = await page('?page=2&pageSize=5');
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect(second.entries.map((entry: { message: string }) => entry.message)).toEqual(['Entry 7', 'Entry 6', 'Entry 5', 'Entry 4', 'Entry 3']);
    expect((await page('?page=3&pageSize=5')).entries).toHaveLength(2);
    expect((await page('?page=4&pageSize=5')).entries).toEqual([]);
    const defaults = await page('');
    expect(defaults).toMatchObject({ total: 12, page: 1, pageSize: 25 });
    expect(defaults.entries).toHaveLength(12);
  });

  it('refuses pages and sizes out of range', async () => {
    const owner = await organizationOwner(harness);
    expect((await get(owner, '/api/audit-logs?page=0')).json().message).toBe('The page must be a whole number from 1');
    expect((await get(owner, '/api/audit-logs?pageSize=500')).json().message).toBe('The limit must be a whole number from 1 to 100');
  });

  it('shows an organization only its own entries', async () => {
    const alice = await organizationOwner(harness);
    const bob = await organizationOwner(harness);
    await seed(bob, 3);
    expect((await get(alice, '/api/audit-logs?page=1')).json()).toMatchObject({ total: 0, entries: [] });
    expect((await get(alice, '/api/audit-logs/5')).json()).toEqual([]);
  });
});
