import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTenant, type GeneratedTenant } from './generator.js';
import { DAY_MS } from '../shared/formats.js';
import { DEPARTMENTS } from './population.js';
import { addTenant } from './state.js';
import { accessToken, collectPages, startSimulator, type RunningSimulator } from './test-support.js';

const now = new Date('2025-06-01T08:00:00Z');

describe('generateTenant', () => {
  it('is deterministic: the same options give the same tenant, another seed another one', () => {
    const first = generateTenant({ users: 2_000, seed: 42, now });
    const second = generateTenant({ users: 2_000, seed: 42, now });
    expect(second.credentials).toEqual(first.credentials);
    expect(second.tenant.users).toEqual(first.tenant.users);
    expect(second.tenant.groups).toEqual(first.tenant.groups);
    expect(second.tenant.domains).toEqual(first.tenant.domains);
    const other = generateTenant({ users: 2_000, seed: 43, now });
    expect(other.credentials.directoryId).not.toBe(first.credentials.directoryId);
    expect(other.tenant.users.map((user) => user.userPrincipalName)).not.toEqual(first.tenant.users.map((user) => user.userPrincipalName));
  });

  describe('at 100,000 users', () => {
    let generated: GeneratedTenant;
    beforeAll(() => {
      generated = generateTenant({ users: 100_000, seed: 1, now });
    });

    it('has unique ids and UPNs', () => {
      const { users } = generated.tenant;
      expect(users).toHaveLength(100_000);
      expect(new Set(users.map((user) => user.id)).size).toBe(100_000);
      expect(new Set(users.map((user) => user.userPrincipalName.toLowerCase())).size).toBe(100_000);
    });

    it('has a realistic mix of accounts', () => {
      const { users } = generated.tenant;
      const share = (predicate: (user: (typeof users)[number]) => boolean) => users.filter(predicate).length / users.length;
      expect(share((user) => user.userType === 'Guest')).toBeCloseTo(0.02, 2);
      expect(share((user) => !user.accountEnabled)).toBeGreaterThan(0.01);
      expect(share((user) => user.onPremisesSyncEnabled === true)).toBeGreaterThan(0.1);
      expect(share((user) => user.mail === null)).toBeGreaterThan(0.02);
      expect(share((user) => user.lastPasswordChangeDateTime === null)).toBeGreaterThan(0.005);
      expect(users.every((user) => user.userType === 'Member' || user.userPrincipalName.includes('#EXT#@'))).toBe(true);
      // Password changes spread over validity + 60 days: about 1% of passwords expire on any given day.
      const expiringWithinWeek = users.filter((user) => {
        const changed = user.lastPasswordChangeDateTime;
        const expires = changed === null ? Number.NaN : changed + 90 * DAY_MS;
        return expires >= now.getTime() && expires < now.getTime() + 7 * DAY_MS;
      }).length;
      expect(expiringWithinWeek).toBeGreaterThan(4_000);
      expect(expiringWithinWeek).toBeLessThan(8_000);
    });

    it('sizes department groups by weight and nests them under All Staff', () => {
      const { tenant } = generated;
      const group = (name: string) => tenant.groups.find((candidate) => candidate.displayName === name);
      const totalWeight = DEPARTMENTS.reduce((sum, department) => sum + department.weight, 0);
      const memberCount = tenant.users.filter((user) => user.department !== null).length;
      for (const department of DEPARTMENTS) {
        const departmentGroup = group(department.name);
        expect(departmentGroup, department.name).toBeDefined();
        const users = tenant.transitiveMembers(departmentGroup as NonNullable<typeof departmentGroup>).filter((member) => member.kind === 'user');
        expect(users.length / memberCount).toBeCloseTo(department.weight / totalWeight, 1);
      }
      const allStaff = tenant.transitiveMembers(group('All Staff') as NonNullable<ReturnType<typeof group>>);
      expect(allStaff.filter((member) => member.kind === 'user')).toHaveLength(memberCount);
      expect(group('Everyone')).toMatchObject({ securityEnabled: false, groupTypes: ['Unified'] });
      expect(group('Office - London')).toMatchObject({ securityEnabled: false, mailEnabled: true });
    });
  });

  it('can put everyone on the same reset day', () => {
    const { tenant } = generateTenant({ users: 1_000, seed: 3, now, massResetDaysAgo: 80 });
    const regular = tenant.users.filter((user) => user.department !== null && user.lastPasswordChangeDateTime !== null);
    const resetDay = now.getTime() - 80 * DAY_MS;
    expect(regular.length).toBeGreaterThan(900);
    expect(regular.every((user) => Math.abs((user.lastPasswordChangeDateTime ?? 0) - resetDay) <= DAY_MS / 3)).toBe(true);
  });

  it('sets the default domain policy as asked, with the initial domain never expiring', () => {
    const { tenant } = generateTenant({ users: 10, seed: 4, now, domain: 'litware.example', passwordValidityDays: null });
    expect(tenant.domains).toEqual([
      expect.objectContaining({ id: 'litware.example', isDefault: true, passwordValidityPeriodInDays: null }),
      expect.objectContaining({ id: 'litware.onmicrosoft.com', isInitial: true, passwordValidityPeriodInDays: 2147483647 }),
    ]);
  });
});

describe('a 100,000-user tenant over HTTP', () => {
  let running: RunningSimulator;
  afterAll(() => running.simulator.close());

  it('pages through with $top=999 in 101 pages, every user once', async () => {
    running = await startSimulator({ seedDemo: false });
    const generated = generateTenant({ users: 100_000, seed: 8, now: new Date() });
    addTenant(running.simulator.state, generated);
    const token = await accessToken(running.baseUrl, generated.credentials);
    const { items, pages } = await collectPages<{ id: string }>(
      running.baseUrl,
      token,
      '/users?$select=id,userPrincipalName,lastPasswordChangeDateTime&$top=999',
    );
    expect(pages).toHaveLength(101);
    expect(new Set(items.map((user) => user.id)).size).toBe(100_000);
  });
});
