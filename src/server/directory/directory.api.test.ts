import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configurations } from '../db/schema/index.js';
import { DEMO_APP_WITHOUT_GROUP_MEMBER_READ, DEMO_GRAPH_CREDENTIALS } from '../../simulators/graph/index.js';
import {
  configurationFor,
  connectionStatus,
  organizationOwner,
  saveConfiguration,
  startApiHarness,
  type ApiHarness,
  type Member,
} from '../test-support/api-harness.js';
import { demoGroupId } from './test-support/graph-simulator-harness.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => {
  harness.graph.setFaults({ forceThrottle: 0, serviceUnavailable: false });
});

const groupId = (name: string) => demoGroupId(harness.graph, name);
const securityGroups = (member: Member) => harness.app.inject({ method: 'GET', url: '/api/security-groups', headers: member.headers });
const preview = (member: Member, payload: object) => harness.app.inject({ method: 'POST', url: '/api/preview-group-users', headers: member.headers, payload });

describe('GET /api/security-groups', () => {
  it("lists the tenant's security groups and marks the connection as working", async () => {
    const owner = await organizationOwner(harness);
    expect(await connectionStatus(harness, owner)).toEqual({
      configured: false,
      connectionStatus: 'unknown',
      message: null,
      problem: null,
      missingPermissions: [],
      checkedAt: null,
    });
    await saveConfiguration(harness, owner, configurationFor());
    // Stored, not read through the badge's route (which verifies a verdict never checked at once).
    const [stored] = await harness.database.db
      .select({ status: configurations.connectionStatus })
      .from(configurations)
      .where(eq(configurations.tenantId, owner.tenantId));
    expect(stored?.status).toBe('unknown');

    const response = await securityGroups(owner);
    expect(response.statusCode).toBe(200);
    const groups: { id: string; displayName: string }[] = response.json();
    expect(groups.map((group) => group.displayName)).toEqual(expect.arrayContaining(['Password Reminder Pilot', 'R&D <Labs>', 'Finance']));
    expect(groups.map((group) => group.displayName)).not.toContain('Everyone');
    expect(Object.keys(groups[0]!).sort()).toEqual(['displayName', 'id']);
    expect(await connectionStatus(harness, owner)).toEqual({
      configured: true,
      connectionStatus: 'connected',
      message: 'Connected',
      problem: null,
      missingPermissions: [],
      checkedAt: harness.graph.clock.now().toISOString(),
    });
  });

  it('explains why it cannot, and records the connection problem once', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: DEMO_GRAPH_CREDENTIALS.clientSecretId }));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await securityGroups(owner);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("expected the secret's Value, not its Secret ID");
    }
    const status = await connectionStatus(harness, owner);
    expect(status).toMatchObject({ configured: true, connectionStatus: 'error' });
    expect(status.message).toContain('Secret ID');
    const log = (await harness.app.inject({ method: 'GET', url: '/api/audit-logs/10', headers: owner.headers })).json();
    expect(log.filter((entry: { category: string }) => entry.category === 'connection')).toHaveLength(1);
    expect(log[0]).toMatchObject({ category: 'connection', status: 'error', actorName: null });
  });

  it('names the missing permission', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_APP_WITHOUT_GROUP_MEMBER_READ));
    const response = await securityGroups(owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Group\.Read\.All.*admin consent/);
    // The badge names every permission the token's roles lack, not only the one this call needed.
    expect(await connectionStatus(harness, owner)).toMatchObject({
      connectionStatus: 'error',
      problem: 'permission',
      missingPermissions: ['Group.Read.All', 'GroupMember.Read.All', 'Directory.Read.All'],
    });
  });

  it('answers 502 when Graph stays unavailable, and 400 before anything is configured', async () => {
    const owner = await organizationOwner(harness);
    const unconfigured = await securityGroups(owner);
    expect(unconfigured.statusCode).toBe(400);
    expect(unconfigured.json().message).toBe('Save the tenant connection (Tenant ID, Azure Directory ID, Application ID and client secret) first.');

    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: undefined }));
    expect((await securityGroups(owner)).json().message).toBe("No client secret is stored: paste the secret's Value into Client Secret and save.");

    await saveConfiguration(harness, owner, configurationFor());
    harness.graph.setFaults({ serviceUnavailable: true, retryAfterSeconds: 1 });
    const down = await securityGroups(owner);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('Microsoft Graph is unavailable (HTTP 503). Try again later.');
    expect(await connectionStatus(harness, owner)).toMatchObject({
      connectionStatus: 'error',
      problem: 'outage',
      message: 'Microsoft Graph is unavailable (HTTP 503). Try again later.',
    });
  });
});

describe('POST /api/preview-group-users', () => {
  it("previews the given filters with expiry reasons, in the users table's order (expired most recent first, undated last)", async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { timeZone: 'UTC' }));
    const response = await preview(owner, { includeGroups: [groupId('R&D <Labs>'), groupId('Helpdesk')], excludeGroups: [], passwordValidityDays: 365 });
    expect(response.statusCode).toBe(200);
    const { users, stats } = response.json();
    expect(
      users.map((user: { displayName: string; daysUntilExpiry: number | null; expiryReason: string }) => [
        user.displayName,
        user.daysUntilExpiry,
        user.expiryReason,
      ]),
    ).toEqual([
      ['Johanna Lorenz', -1, 'domain_policy'],
      ['Lee Gu', -10, 'domain_policy'],
      ['Contoso Admin', null, 'never_expires_domain_policy'],
      ['Lynne Robbins', null, 'never_expires_user_policy'],
    ]);
    expect(stats).toMatchObject({ filteredUsers: 4, usersWithExpiryDate: 2, expiredUsers: 2, listedUsers: 4 });
    expect(stats.totalUsers).toBeGreaterThan(300);
  });

  it('reads everything through a throttling storm', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor());
    harness.graph.sleeps.length = 0;
    harness.graph.setFaults({ forceThrottle: 3, retryAfterSeconds: 1.5 });
    const response = await preview(owner, { includeGroups: [groupId('Password Reminder Pilot')], excludeGroups: [groupId('Finance')] });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .users.map((user: { displayName: string }) => user.displayName)
        .sort(),
    ).toEqual(['Adele Vance', 'Alex Wilber']);
    expect(harness.graph.sleeps).toEqual([1500, 1500, 1500]);
  });

  it('refuses a group in both lists and reports a filter group that is gone', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor());
    expect((await securityGroups(owner)).statusCode).toBe(200);
    const both = await preview(owner, { includeGroups: [groupId('Finance')], excludeGroups: [groupId('Finance').toUpperCase()] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('A group cannot be both included and excluded');
    const gone = await preview(owner, { includeGroups: ['11111111-2222-4333-8444-555555555555'], excludeGroups: [] });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('Group 11111111-2222-4333-8444-555555555555 no longer exists in the directory (while trying to read group members).');
    // A deleted group is not a connection problem: the badge stays as the last load left it.
    expect((await connectionStatus(harness, owner)).connectionStatus).toBe('connected');
  });
});

describe('cross-tenant isolation', () => {
  it('gives a member of organization A nothing of organization B', async () => {
    const alice = await organizationOwner(harness);
    const bob = await organizationOwner(harness);
    await saveConfiguration(harness, bob, configurationFor(DEMO_GRAPH_CREDENTIALS, { fromEmail: 'bob-only@contoso.com' }));
    const intoB = { cookie: alice.cookie, 'x-tenant-id': bob.tenantId };
    const attempts = [
      { method: 'GET' as const, url: '/api/configuration' },
      { method: 'PUT' as const, url: '/api/configuration', payload: configurationFor(DEMO_GRAPH_CREDENTIALS, { fromEmail: 'alice@contoso.com' }) },
      { method: 'POST' as const, url: '/api/configuration', payload: configurationFor(DEMO_GRAPH_CREDENTIALS, { fromEmail: 'alice@contoso.com' }) },
      { method: 'GET' as const, url: '/api/security-groups' },
      { method: 'POST' as const, url: '/api/preview-group-users', payload: { includeGroups: [], excludeGroups: [] } },
      { method: 'POST' as const, url: '/api/test-configuration' },
      { method: 'GET' as const, url: '/api/connection-status' },
      { method: 'GET' as const, url: '/api/audit-logs/5' },
      { method: 'GET' as const, url: '/api/audit-logs?page=1' },
    ];
    for (const attempt of attempts) {
      const response = await harness.app.inject({ ...attempt, headers: intoB });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.body).not.toContain('bob-only');
    }
    const bobs = (await harness.app.inject({ method: 'GET', url: '/api/configuration', headers: bob.headers })).json();
    expect(bobs.fromEmail).toBe('bob-only@contoso.com');
    // Alice's own organization is untouched and unconfigured.
    expect((await harness.app.inject({ method: 'GET', url: '/api/configuration', headers: alice.headers })).json().configured).toBe(false);
  });
});
