import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTOSO_TENANT_ID, DEMO_GRAPH_CREDENTIALS } from '../../simulators/graph/index.js';
import type { GraphClient } from '../integrations/graph/index.js';
import { previewDirectory } from './preview-directory.js';
import { scanDirectory, type ScanSettings, type ScannedUser } from './scan-directory.js';
import { demoGroupId, startGraphHarness, type GraphHarness } from './test-support/graph-simulator-harness.js';

let harness: GraphHarness;
let client: GraphClient;
const groupId = (name: string) => demoGroupId(harness, name);

beforeAll(async () => {
  harness = await startGraphHarness();
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => {
  client = harness.client(DEMO_GRAPH_CREDENTIALS);
});

const settings = (overrides: Partial<ScanSettings> = {}): ScanSettings => ({
  includeGroups: [],
  excludeGroups: [],
  passwordValidityDays: 365,
  timeZone: 'America/New_York',
  now: harness.clock.now(),
  ...overrides,
});

async function scanAll(scanSettings: ScanSettings): Promise<{ users: ScannedUser[]; counts: { totalUsers: number; outsideGroupFilter: number } }> {
  const scan = scanDirectory(client, scanSettings);
  const users: ScannedUser[] = [];
  for await (const user of scan) users.push(user);
  return { users, counts: scan.counts };
}

const contosoUserCount = () => harness.simulator.state.tenants.get(CONTOSO_TENANT_ID)!.users.length;

describe('scanDirectory', () => {
  it("computes each user's expiry from the fields it selects and the tenant's domains", async () => {
    const { users, counts } = await scanAll(settings());
    expect(counts).toEqual({ totalUsers: contosoUserCount(), outsideGroupFilter: 0 });
    const row = (upn: string) => {
      const user = users.find((candidate) => candidate.userPrincipalName.toLowerCase() === upn);
      return user && { reason: user.expiry.reason, days: user.daysUntilExpiry, email: user.email };
    };
    expect(row('adele.vance@contoso.com')).toEqual({ reason: 'domain_policy', days: 0, email: 'adele.vance@contoso.com' });
    expect(row('diego.siciliani@contoso.com')).toMatchObject({ reason: 'domain_policy', days: 3 });
    expect(row('lee.gu@contoso.com')).toMatchObject({ reason: 'domain_policy', days: -10 });
    // eu.contoso.com sets no validity and inherits contoso.com's 90 days; apac sets 60.
    expect(row('anna.schmidt@eu.contoso.com')).toMatchObject({ reason: 'domain_policy', days: 7 });
    expect(row('lukas.weber@eu.contoso.com')).toMatchObject({ reason: 'domain_policy', days: 14, email: 'lukas.weber@eu.contoso.com' });
    expect(row('kenji.tanaka@apac.contoso.com')).toMatchObject({ reason: 'domain_policy', days: 3 });
    // litwareinc.com sets no validity at all: the organization's own setting applies.
    expect(row('joni.sherman@litwareinc.com')).toMatchObject({ reason: 'organization_default', days: 7 });
    expect(row('lynne.robbins@contoso.com')).toMatchObject({ reason: 'never_expires_user_policy', days: null });
    expect(row('admin@contoso.onmicrosoft.com')).toMatchObject({ reason: 'never_expires_domain_policy', days: null });
    expect(row('pradeep.gupta@fabrikam-partners.com')).toMatchObject({ reason: 'federated', days: null });
    expect(row('christie.cline@contoso.com')).toMatchObject({ reason: 'managed_on_premises', days: null });
    expect(row('enrico.cattaneo@contoso.com')).toMatchObject({ reason: 'domain_policy', days: 7 });
    expect(row('nestor.wilke@contoso.com')).toMatchObject({ reason: 'not_applicable', days: null });
    expect(row('patti.fernandez@contoso.com')).toMatchObject({ reason: 'disabled', days: null });
    expect(row('ben.walters@contoso.com')).toMatchObject({ email: 'ben.walters@contoso.com' });
    expect(users.find((user) => user.userPrincipalName.includes('#EXT#'))?.expiry.reason).toBe('guest');
  });

  it("counts the days on the organization's calendar", async () => {
    // 14:30 UTC is 23:30 in Tokyo: a password expiring at 14:30 UTC in 3 days still has 3 calendar days there,
    // but one that expired 10 days ago at 14:30 UTC (23:30 local) is 10 days ago in both zones.
    const late = settings({ timeZone: 'Asia/Tokyo', now: new Date(harness.clock.nowMs + 60 * 60_000) });
    const { users } = await scanAll(late);
    const days = (upn: string) => users.find((user) => user.userPrincipalName === upn)?.daysUntilExpiry;
    // One hour later it is 00:30 the next day in Tokyo: every dated password is a day closer.
    expect(days('diego.siciliani@contoso.com')).toBe(2);
    expect(days('adele.vance@contoso.com')).toBe(-1);
  });

  it('keeps only transitive members of an include group, minus members of any exclude group', async () => {
    const included = await scanAll(settings({ includeGroups: [groupId('Password Reminder Pilot')] }));
    const upns = included.users.map((user) => user.userPrincipalName);
    expect(upns).toEqual(
      expect.arrayContaining(['alex.wilber@contoso.com', 'adele.vance@contoso.com', 'diego.siciliani@contoso.com', 'joni.sherman@litwareinc.com']),
    );
    expect(upns).not.toContain('lee.gu@contoso.com');
    expect(included.counts.totalUsers).toBe(contosoUserCount());
    expect(included.counts.outsideGroupFilter).toBe(contosoUserCount() - included.users.length);

    const withoutFinance = await scanAll(settings({ includeGroups: [groupId('Password Reminder Pilot')], excludeGroups: [groupId('Finance')] }));
    expect(withoutFinance.users.map((user) => user.userPrincipalName).sort()).toEqual(['adele.vance@contoso.com', 'alex.wilber@contoso.com']);

    const twoIncludes = await scanAll(settings({ includeGroups: [groupId('R&D <Labs>'), groupId('Helpdesk')] }));
    expect(twoIncludes.users.map((user) => user.userPrincipalName).sort()).toEqual([
      'admin@contoso.onmicrosoft.com',
      'johanna.lorenz@contoso.com',
      'lee.gu@contoso.com',
      'lynne.robbins@contoso.com',
    ]);

    const excludeOnly = await scanAll(settings({ excludeGroups: [groupId('R&D <Labs>')] }));
    expect(excludeOnly.users).toHaveLength(contosoUserCount() - 2);
  });

  it('fails instead of guessing when a filter group no longer exists', async () => {
    const scan = scanAll(settings({ excludeGroups: ['11111111-2222-4333-8444-555555555555'] }));
    await expect(scan).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('previewDirectory', () => {
  it('lists enabled users still to expire soonest first, then expired most recent first, undated last, each with the reason', async () => {
    const { users, stats } = await previewDirectory(client, settings({ includeGroups: [groupId('R&D <Labs>'), groupId('Helpdesk')] }));
    expect(users.map((user) => [user.displayName, user.daysUntilExpiry, user.expiryReason, user.validityDays])).toEqual([
      ['Johanna Lorenz', -1, 'domain_policy', 90],
      ['Lee Gu', -10, 'domain_policy', 90],
      ['Contoso Admin', null, 'never_expires_domain_policy', null],
      ['Lynne Robbins', null, 'never_expires_user_policy', null],
    ]);
    expect(users[1]).toMatchObject({ email: 'lee.gu@contoso.com', passwordExpiryDate: new Date(harness.clock.nowMs - 10 * 86_400_000).toISOString() });
    expect(stats).toEqual({
      totalUsers: contosoUserCount(),
      filteredUsers: 4,
      disabledUsers: 0,
      usersWithExpiryDate: 2,
      expiredUsers: 2,
      usersWithoutExpiryDate: 2,
      listedUsers: 4,
    });
  });

  it('uses the validity given for domains that set none', async () => {
    const { users } = await previewDirectory(client, settings({ includeGroups: [groupId('Finance')], passwordValidityDays: 372 }));
    expect(users.find((user) => user.displayName === 'Joni Sherman')).toMatchObject({
      expiryReason: 'organization_default',
      validityDays: 372,
      daysUntilExpiry: 14,
    });
  });

  it('caps the list but not the counts, and leaves disabled users out of the list', async () => {
    const preview = await previewDirectory(client, settings(), 5);
    expect(preview.users).toHaveLength(5);
    expect(preview.stats.listedUsers).toBe(5);
    expect(preview.stats.disabledUsers).toBeGreaterThanOrEqual(1);
    expect(preview.stats.filteredUsers + preview.stats.disabledUsers).toBe(contosoUserCount());
    expect(preview.users.every((user) => user.expiryReason !== 'disabled')).toBe(true);
    // Cut short, the list keeps the passwords still to expire, soonest first, not the expired ones.
    expect(preview.stats.expiredUsers).toBeGreaterThan(0);
    const days = preview.users.map((user) => user.daysUntilExpiry);
    expect(days.every((day) => day !== null && day >= 0)).toBe(true);
    const everyone = await previewDirectory(client, settings());
    expect(preview.users).toEqual(everyone.users.slice(0, 5));
    expect(everyone.users.map((user) => user.daysUntilExpiry).filter((day) => day !== null && day >= 0)).toEqual(
      days.concat(
        everyone.users
          .slice(5)
          .map((user) => user.daysUntilExpiry)
          .filter((day) => day !== null && day >= 0),
      ),
    );
  });
});
