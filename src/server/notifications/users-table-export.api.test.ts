import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordExpirationsPage } from '../../shared/api/notifications.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time-zones.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { organizationOwner, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { upsertExpirationRecords } from './password-expiration-records.js';

// GET /api/password-expirations/export: the users table as CSV, exactly the rows the table lists
// under a filter and search, across all of its pages.

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** `count` users expiring 1..count days from now, and two expired ones; one named like a formula. */
async function seed(member: Member, count: number): Promise<void> {
  const now = harness.graph.clock.now().getTime();
  const user = (n: number, days: number, name = `User ${String(n).padStart(2, '0')}`) => {
    const expiresAt = new Date(now + days * DAY_MS);
    return {
      tenantId: member.tenantId,
      graphUserId: `user-${n}`,
      userEmail: `user${n}@contoso.com`,
      userDisplayName: name,
      mailAddress: `user${n}@contoso.com`,
      passwordExpiresAt: expiresAt,
      expiryDate: localDateOf(expiresAt, DEFAULT_TIME_ZONE),
      expiryReason: 'domain_policy' as const,
      validityDays: 90,
      checkedAt: new Date(),
    };
  };
  await upsertExpirationRecords(harness.database.db, [
    ...Array.from({ length: count }, (_, index) => user(index + 1, index + 1)),
    user(90, -3),
    user(91, -30, '=HYPERLINK("http://evil.example")'),
  ]);
}

async function exportCsv(member: Member, query: string) {
  return harness.app.inject({ method: 'GET', url: `/api/password-expirations/export${query}`, headers: member.headers });
}

/** The CSV's rows (header first), its cells unquoted. */
function rowsOf(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return csv
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"')));
}

/** Every page the table would show for `query`, five at a time. */
async function allPages(member: Member, query: string): Promise<PasswordExpirationsPage['records']> {
  const records: PasswordExpirationsPage['records'] = [];
  for (let page = 1; ; page += 1) {
    const response = await harness.app.inject({ method: 'GET', url: `/api/password-expirations?${query}&page=${page}&pageSize=5`, headers: member.headers });
    const body: PasswordExpirationsPage = response.json();
    records.push(...body.records);
    if (records.length >= body.total) return records;
  }
}

describe('GET /api/password-expirations/export', () => {
  it('lists every user the table shows under the filter and search, in its order, not only one page', async () => {
    const owner = await organizationOwner(harness);
    await seed(owner, 30);
    const query = 'filter=expiring_soon&sort=expiry&direction=desc&search=user%201';
    const response = await exportCsv(owner, `?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = localDateOf(harness.graph.clock.now(), DEFAULT_TIME_ZONE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="users-expiring-soon-${today}.csv"`);

    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(['User', 'Email', 'Expires In', 'Expiry Date', 'Reason', 'Last Notified', 'Latest Reminder', 'Status']);
    const listed = await allPages(owner, query);
    expect(listed).toHaveLength(10);
    expect(rows.map((row) => row[0])).toEqual(listed.map((record) => record.userDisplayName));
    expect(rows[0]).toEqual([
      'User 19',
      'user19@contoso.com',
      '19 days',
      expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}$/),
      'Domain policy (90 days)',
      'Never',
      '',
      'Pending',
    ]);
  });

  it('exports the expired filter, a formula-like name made harmless', async () => {
    const owner = await organizationOwner(harness);
    await seed(owner, 3);
    const [, ...rows] = rowsOf((await exportCsv(owner, '?filter=expired')).body);
    expect(rows.map((row) => [row[0], row[2], row[7]])).toEqual([
      [`'=HYPERLINK("http://evil.example")`, 'Expired 30 days ago', 'Expired'],
      ['User 90', 'Expired 3 days ago', 'Expired'],
    ]);
  });

  it("names the PSO a synced user's date comes from, as the table does", async () => {
    const owner = await organizationOwner(harness);
    const expiresAt = new Date(harness.graph.clock.now().getTime() + 4 * DAY_MS);
    await upsertExpirationRecords(harness.database.db, [
      {
        tenantId: owner.tenantId,
        graphUserId: 'synced-1',
        userEmail: 'dave@contoso.com',
        userDisplayName: 'Dave Synced',
        mailAddress: 'dave@contoso.com',
        passwordExpiresAt: expiresAt,
        expiryDate: localDateOf(expiresAt, DEFAULT_TIME_ZONE),
        expiryReason: 'on_premises_pso' as const,
        expirySource: 'Executive PSO',
        validityDays: 7,
        checkedAt: new Date(),
      },
    ]);
    const [, row] = rowsOf((await exportCsv(owner, '?filter=all')).body);
    expect(row![4]).toBe('On-premises PSO "Executive PSO" (7 days)');
  });

  it("refuses an unknown filter, and another organization's users", async () => {
    const owner = await organizationOwner(harness);
    const stranger = await organizationOwner(harness, { firstName: 'Eve', lastName: 'Outsider' });
    await seed(owner, 2);
    const invalid = await exportCsv(owner, '?filter=everyone');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/filter/i);
    const foreign = await harness.app.inject({
      method: 'GET',
      url: '/api/password-expirations/export',
      headers: { ...stranger.headers, 'x-tenant-id': owner.tenantId },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('user1@contoso.com');
  });
});
