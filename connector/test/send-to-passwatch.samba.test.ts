// End to end: the connector reads the real Samba DC and sends it to a running Passwatch (the API
// harness, listening on a loopback port, with a Graph simulator whose synced users carry the DC
// users' SIDs and GUIDs). Every date Passwatch shows for a synced user must be the DC's own.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, configurationFor, type Member, saveConfiguration, startApiHarness } from '../../src/server/test-support/api-harness.js';
import { createOrganization, createUser, sessionCookieFor } from '../../src/server/test-support/factories.js';
import { sendQueuedMail } from '../../src/server/test-support/send-queued-mail.js';
import { addTenant, generateTenant } from '../../src/simulators/graph/index.js';
import { SimTenant } from '../../src/simulators/graph/directory.js';
import type { AdUserRecord } from '../../src/shared/api/connector-snapshot.js';
import type { ConnectorConfig } from '../src/config.js';
import { runScheduledCheckOf } from '../../src/server/automation/index.js';
import { DAY_MS } from '../../src/shared/domain/day-length.js';
import { localDateOf } from '../../src/shared/domain/days-until.js';
import { addDays } from '../../src/shared/domain/local-date.js';
import { EXIT } from '../src/errors.js';
import { readDomain } from '../src/read-domain.js';
import { runOnce } from '../src/run.js';
import { readerConfig, requireDc, type SambaDc, sambaDc, withDcLock } from './samba-dc.js';

const found = sambaDc();
const FILETIME_UNIX_EPOCH = 116_444_736_000_000_000n;
const SEEDED = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace'];
const UF_ACCOUNTDISABLE = 0x2;
/** msDS-UserPasswordExpiryTimeComputed of a password that never expires. */
const NEVER = '9223372036854775807';
const MUST_CHANGE_NOW = '0';

const filetimeMs = (filetime: string) => Number((BigInt(filetime) - FILETIME_UNIX_EPOCH) / 10_000n);
const isoOf = (filetime: string) => new Date(filetimeMs(filetime)).toISOString();

/** A Graph tenant whose members are the DC's seeded users as Entra Connect syncs them (hash sync stamps DisablePasswordExpiration). */
function hybridTenant(adUsers: AdUserRecord[], now: Date) {
  const generated = generateTenant({ users: 1, seed: 19, domain: 'corp.passwatch.test', now, displayName: 'Corp (hybrid)' });
  const synced = adUsers.map((user) => ({
    id: randomUUID(),
    displayName: user.sAMAccountName,
    givenName: user.sAMAccountName,
    surname: null,
    userPrincipalName: user.userPrincipalName!,
    mail: user.mail,
    accountEnabled: (user.userAccountControl & UF_ACCOUNTDISABLE) === 0,
    userType: 'Member' as const,
    passwordPolicies: 'DisablePasswordExpiration',
    // When the hash reached Entra: the on-premises change itself (never empty for a synced user).
    lastPasswordChangeDateTime: user.pwdLastSet === '0' ? now.getTime() - 86_400_000 : filetimeMs(user.pwdLastSet),
    onPremisesSyncEnabled: true,
    onPremisesSecurityIdentifier: user.objectSid,
    onPremisesImmutableId: user.objectGuid,
    createdDateTime: now.getTime() - 30 * 86_400_000,
    jobTitle: null,
    department: null,
    officeLocation: null,
    hasMailbox: true,
  }));
  const { tenant: generatedTenant } = generated;
  const tenant = new SimTenant({
    id: generatedTenant.id,
    displayName: generatedTenant.displayName,
    domains: [...generatedTenant.domains],
    users: [...generatedTenant.users, ...synced] as SimTenant['users'][number][],
    groups: [...generatedTenant.groups],
  });
  for (const [appId, servicePrincipal] of generatedTenant.servicePrincipals) tenant.servicePrincipals.set(appId, servicePrincipal);
  return { bundle: { tenant, applications: generated.applications }, credentials: generated.credentials };
}

describe.skipIf(!found && process.env.CI !== 'true')('the connector sends the Samba DC to Passwatch', () => {
  let dc: SambaDc;
  let harness: ApiHarness;
  let owner: Member;
  let serverUrl: URL;
  let adUsers: AdUserRecord[];
  let credentials: ReturnType<typeof hybridTenant>['credentials'];
  const logLines: string[] = [];

  const connectorConfig = (key: string): ConnectorConfig => ({ server: { url: serverUrl, key }, domains: [readerConfig(dc)] });
  // The snapshot is stamped by Passwatch's clock, which the day-by-day test moves on.
  const run = (key: string) =>
    runOnce(connectorConfig(key), { dryRun: false, log: (line) => void logLines.push(line), print: () => undefined, now: () => harness.graph.clock.now() });
  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) => {
    const response = await harness.app.inject({ method, url, headers: owner.headers, ...(payload === undefined ? {} : { payload }) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const newConnectorKey = async (name: string): Promise<{ key: string; id: string }> => {
    const created = await api('POST', '/api/on-premises/connectors', { name });
    return { key: created.key, id: created.connector.id };
  };

  beforeAll(async () => {
    dc = requireDc(found);
    adUsers = (await readDomain(readerConfig(dc))).users.filter((user) => SEEDED.includes(user.sAMAccountName));
    harness = await startApiHarness();
    // The DC's dates are real time: Passwatch's clock must be too, or the snapshot would look stale or from the future.
    harness.graph.clock.nowMs = Date.now();
    const hybrid = hybridTenant(adUsers, new Date());
    credentials = hybrid.credentials;
    const { bundle } = hybrid;
    addTenant(harness.graph.simulator.state, bundle);
    // Checks run for subscribed organizations only.
    const user = await createUser(harness.database.db, { firstName: 'Hybrid', lastName: 'Owner' });
    const organization = await createOrganization(harness.database.db, user, { subscriptionStatus: 'active' });
    const cookie = await sessionCookieFor(harness.database.db, user);
    owner = { cookie, tenantId: organization.id, userId: user.id, headers: { cookie, 'x-tenant-id': organization.id } };
    // The widest reminder window: every seeded date (at most 28 days away) is in the users table.
    await saveConfiguration(harness, owner, configurationFor(credentials, { daysBeforeExpiration: 30 }));
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    serverUrl = new URL(`http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('refuses a key Passwatch never issued (exit code 7) and writes nothing', async () => {
    expect(await run(`pwc_${'x'.repeat(43)}`)).toBe(EXIT.keyRefused);
    expect(logLines.at(-1)).toContain('Connector key is not valid or was revoked.');
    const overview = await api('GET', '/api/on-premises');
    expect(overview.connectors.flatMap((connector: { domains: unknown[] }) => connector.domains)).toEqual([]);
  });

  it("shows each synced user the DC's own date, with the reason the DC's rule gives", async () => {
    const { key } = await newConnectorKey('Corp DC');
    // Sent and read back with no live policy change in between (another test file makes one).
    const { code, dcUsers } = await withDcLock(async () => ({ code: await run(key), dcUsers: (await readDomain(readerConfig(dc))).users }));
    expect(code).toBe(EXIT.ok);
    expect(logLines.at(-1)).toMatch(/committed: 11 users/);

    // A check reads Graph and dates each synced user by the AD record it matches; the users table shows the result.
    await api('POST', '/api/run-check', {});
    const table = await api('GET', '/api/password-expirations?filter=all&search=corp.passwatch.test');
    type Row = {
      passwordExpiryDate: string | null;
      expiryReason: string;
      expirySource: string | null;
      reachable: boolean;
      latestReminder: { state: string } | null;
    };
    const shown = new Map<string, Row>(table.records.map((record: { userEmail: string }) => [record.userEmail.split('@')[0], record]));
    const ad = (name: string) => dcUsers.find((user) => user.sAMAccountName === name)!;
    for (const name of ['alice', 'bob', 'carol', 'dave']) {
      expect({ name, date: shown.get(name)?.passwordExpiryDate }).toEqual({ name, date: isoOf(ad(name).passwordExpiryTimeComputed) });
    }
    expect(shown.get('alice')!.expiryReason).toBe('on_premises_domain_policy');
    expect(shown.get('carol')).toMatchObject({ expiryReason: 'on_premises_pso', expirySource: expect.stringContaining('Finance PSO') });
    expect(shown.get('dave')).toMatchObject({ expiryReason: 'on_premises_pso', expirySource: expect.stringContaining('Executive PSO') });
    expect(shown.get('erin')).toMatchObject({ passwordExpiryDate: null, expiryReason: 'on_premises_never_expires' });
    expect(shown.get('frank')!.expiryReason).toBe('on_premises_must_change');
    // Grace is disabled in AD and therefore in Entra: the table lists no disabled account, and she is never reminded.
    expect(shown.has('grace')).toBe(false);
    expect(shown.size).toBe(7);

    // The check planned a reminder for each dated user it can reach (all within the 30-day window), and none for the others.
    const reminded = [...shown].filter(([, row]) => row.latestReminder !== null).map(([name, row]) => [name, row.latestReminder!.state]);
    expect(reminded.sort()).toEqual([
      ['alice', 'queued'],
      ['carol', 'queued'],
      ['dave', 'queued'],
    ]);
    // Bob has no mail attribute in AD, so none in Entra: dated, but no one to write to.
    expect(shown.get('bob')).toMatchObject({ reachable: false, latestReminder: null });
  });

  it('refuses a revoked key (exit code 7)', async () => {
    const { key, id } = await newConnectorKey('Revoked');
    await api('POST', `/api/on-premises/connectors/${id}/revoke`);
    expect(await run(key)).toBe(EXIT.keyRefused);
  });

  it('sends each reminder to the right person on the right day, the connector sending a snapshot every day', async () => {
    const zone = 'America/New_York';
    await saveConfiguration(harness, owner, configurationFor(credentials, { daysBeforeExpiration: 30, timeZone: zone, weekendProcessing: 'include' }));
    await api('PUT', '/api/reminder-policy', {
      mode: 'thresholds',
      reminderDays: [3, 1],
      afterExpiryDays: [],
      afterExpirySubject: 'Your password has expired',
      afterExpiryTemplate: '<p>{{userName}}, your password expired.</p>',
    });
    const { key } = await newConnectorKey('Daily');
    const clock = harness.graph.clock;
    await withDcLock(async () => {
      const dcUsers = (await readDomain(readerConfig(dc))).users.filter((user) => SEEDED.includes(user.sAMAccountName));
      // Who should hear when: each reachable user whose password the DC dates, on the day each reminder day before it falls in New York.
      const dated = dcUsers.filter(
        (user) =>
          user.mail !== null &&
          (user.userAccountControl & UF_ACCOUNTDISABLE) === 0 &&
          user.passwordExpiryTimeComputed !== MUST_CHANGE_NOW &&
          user.passwordExpiryTimeComputed !== NEVER,
      );
      const expiryDay = (user: AdUserRecord) => localDateOf(new Date(filetimeMs(user.passwordExpiryTimeComputed)), zone);
      const firstDay = localDateOf(clock.now(), zone);
      const lastDay = dated.map(expiryDay).sort().at(-1)!;
      expect(dated.map((user) => user.sAMAccountName).sort()).toEqual(['alice', 'carol', 'dave']);

      const mailed: string[] = [];
      for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
        expect(await run(key)).toBe(EXIT.ok);
        await runScheduledCheckOf(harness.app.notifications, owner.tenantId, day);
        const before = harness.graph.simulator.state.sentMail.length;
        await sendQueuedMail(harness, owner.tenantId);
        for (const message of harness.graph.simulator.state.sentMail.slice(before)) {
          const daysLeft = /expires in (-?\d+) days/.exec(message.content)?.[1];
          mailed.push(`${day} ${message.to.join(',')} ${daysLeft}`);
        }
        clock.advance(DAY_MS);
      }
      // The first day also sends what earlier checks queued and catches up on reminder days already passed; from the second day on, exactly the plan.
      const expected = dated.flatMap((user) =>
        [3, 1]
          .map((daysBefore) => ({ day: addDays(expiryDay(user), -daysBefore), daysBefore }))
          .filter(({ day }) => day > firstDay)
          .map(({ day, daysBefore }) => `${day} ${user.mail!.toLowerCase()} ${daysBefore}`),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(mailed.filter((line) => line.split(' ')[0]! > firstDay).sort()).toEqual(expected.sort());
      // Never-expires, must-change-now, disabled and unreachable users are never written to.
      const datedMail = new Set(dated.map((user) => user.mail!.toLowerCase()));
      expect(mailed.filter((line) => !datedMail.has(line.split(' ')[1]!))).toEqual([]);
    });
  }, 300_000);
});
