import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSecretExpiryMessages, suggestedClientSecretExpiry } from '../../shared/domain/client-secret-expiry.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays } from '../../shared/domain/local-date.js';
import { DEMO_GRAPH_CREDENTIALS } from '../../simulators/graph/index.js';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import { createSecretBox } from '../crypto/secret-box.js';
import { auditLogs, configurations } from '../db/schema/index.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { configurationFor, organizationOwner, REMINDER_TEMPLATE, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

const SECRET = DEMO_GRAPH_CREDENTIALS.clientSecret;
const get = (member: Member) => harness.app.inject({ method: 'GET', url: '/api/configuration', headers: member.headers });
const save = (member: Member, payload: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  harness.app.inject({ method, url: '/api/configuration', headers: member.headers, payload: payload as object });
const auditMessages = async (member: Member) =>
  (await harness.app.inject({ method: 'GET', url: '/api/audit-logs/100', headers: member.headers })).json().map((entry: { message: string }) => entry.message);

describe('GET /api/configuration', () => {
  it('answers the documented defaults before the first save', async () => {
    const owner = await organizationOwner(harness);
    const response = await get(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      configured: false,
      connectionMethod: 'app_registration',
      tenantId: '',
      azureDirectoryId: '',
      applicationId: '',
      hasClientSecret: false,
      clientSecretUpdatedAt: null,
      clientSecretExpiresAt: null,
      fromEmail: '',
      emailTemplate: '',
      checkTime: '08:00',
      timeZone: 'America/New_York',
      daysBeforeExpiration: 7,
      weekendProcessing: 'skip',
      automationEnabled: true,
      includeGroups: [],
      excludeGroups: [],
      passwordValidityDays: 365,
      updatedAt: null,
    });
  });

  it('needs a session and the tenant header', async () => {
    const owner = await organizationOwner(harness);
    expect((await harness.app.inject({ method: 'GET', url: '/api/configuration' })).statusCode).toBe(401);
    const noTenant = await harness.app.inject({ method: 'GET', url: '/api/configuration', headers: { cookie: owner.cookie } });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().message).toBe('Tenant ID required');
  });
});

describe('PUT and POST /api/configuration', () => {
  it.each(['PUT', 'POST'] as const)('%s saves the whole configuration and answers it without the secret', async (method) => {
    const owner = await organizationOwner(harness);
    const response = await save(
      owner,
      configurationFor(DEMO_GRAPH_CREDENTIALS, { timeZone: 'UTC-8', checkTime: '07:45', weekendProcessing: 'weekdays' }),
      method,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      configured: true,
      tenantId: DEMO_GRAPH_CREDENTIALS.directoryId,
      applicationId: DEMO_GRAPH_CREDENTIALS.applicationId,
      hasClientSecret: true,
      fromEmail: DEMO_GRAPH_CREDENTIALS.fromEmail,
      emailTemplate: REMINDER_TEMPLATE,
      checkTime: '07:45',
      timeZone: 'America/Los_Angeles',
      weekendProcessing: 'weekdays',
    });
    expect(body.clientSecretUpdatedAt).toBe(harness.graph.clock.now().toISOString());
    expect(JSON.stringify(body)).not.toContain(SECRET);
    expect(Object.keys(body)).not.toContain('clientSecret');
    expect((await get(owner)).json()).toEqual(body);
  });

  it('stores the secret encrypted, keeps it when a save omits it, and never logs it', async () => {
    const owner = await organizationOwner(harness);
    harness.logLines.length = 0;
    await save(owner, configurationFor());
    const [row] = await harness.database.db.select().from(configurations).where(eq(configurations.tenantId, owner.tenantId));
    expect(row!.clientSecretEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    // Under the key the app was configured with, the stored value is the secret.
    const box = createSecretBox(Buffer.from(testConfig().secretsEncryptionKey!, 'base64'));
    expect(box.open(row!.clientSecretEncrypted!)).toBe(SECRET);

    for (const clientSecret of [undefined, '', '   ', null]) {
      const response = await save(owner, { ...configurationFor(), clientSecret, checkTime: '09:15' });
      expect(response.json().hasClientSecret).toBe(true);
    }
    const [after] = await harness.database.db.select().from(configurations).where(eq(configurations.tenantId, owner.tenantId));
    expect(box.open(after!.clientSecretEncrypted!)).toBe(SECRET);
    expect(after!.clientSecretUpdatedAt).toEqual(row!.clientSecretUpdatedAt);

    const saveLines = harness.logLines.filter((line) => line.includes('configuration saved'));
    expect(saveLines.length).toBeGreaterThanOrEqual(2);
    expect(saveLines[0]).toContain('"changedFields"');
    expect(harness.logLines.join('\n')).not.toContain(SECRET);
    const auditRows = await harness.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, owner.tenantId));
    expect(JSON.stringify(auditRows)).not.toContain(SECRET);
  });

  it('writes who changed what to the audit log, naming the secret only as replaced', async () => {
    const owner = await organizationOwner(harness, { firstName: 'Grace', lastName: 'Hopper' });
    await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS));
    expect(await auditMessages(owner)).toEqual(['Configuration created by Grace Hopper (client secret stored)']);

    await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: undefined }));
    expect(await auditMessages(owner)).toHaveLength(1);

    await save(
      owner,
      configurationFor(DEMO_GRAPH_CREDENTIALS, {
        clientSecret: 'New8Q~rotated-secret-value-0123456789abcd',
        checkTime: '09:00',
        timeZone: 'Europe/Berlin',
        automationEnabled: false,
        includeGroups: ['AAAA1111-2222-4333-8444-555555555555'],
        emailTemplate: '<p>Hi {{userName}}, {{daysRemaining}} days left.</p>',
      }),
    );
    const [latest] = await auditMessages(owner);
    expect(latest).toBe(
      'Configuration updated by Grace Hopper: check time (08:00 → 09:00), time zone (UTC-5 Eastern → Europe/Berlin), ' +
        'automation (enabled → disabled), email template, client secret (replaced), include groups (1 added)',
    );
    expect(latest).not.toContain('New8Q~');
    const details = (await harness.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, owner.tenantId))).map((row) =>
      JSON.stringify(row.details),
    );
    expect(details.join()).not.toContain('New8Q~');
    expect((await get(owner)).json().includeGroups).toEqual(['aaaa1111-2222-4333-8444-555555555555']);
  });

  it('accepts the legacy UTC offsets, their labels and any IANA zone, storing the IANA zone', async () => {
    const owner = await organizationOwner(harness);
    for (const [given, stored] of [
      ['UTC-7', 'America/Denver'],
      ['UTC-6 Central', 'America/Chicago'],
      ['UTC', 'UTC'],
      ['asia/tokyo', 'Asia/Tokyo'],
      ['America/New_York', 'America/New_York'],
    ]) {
      const response = await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { timeZone: given }));
      expect(response.json().timeZone).toBe(stored);
    }
  });

  it.each([
    [{ tenantId: '' }, 'Tenant ID is required', 'tenantId'],
    [{ tenantId: undefined }, 'Tenant ID is required', 'tenantId'],
    [{ tenantId: 'not a tenant/../x' }, 'Tenant ID must be the Directory (tenant) ID or a domain such as contoso.onmicrosoft.com', 'tenantId'],
    [{ azureDirectoryId: ' ' }, 'Azure Directory ID is required', 'azureDirectoryId'],
    [{ azureDirectoryId: 'contoso.com' }, 'Azure Directory ID must be the Directory (tenant) ID GUID from the app registration overview', 'azureDirectoryId'],
    [{ applicationId: '' }, 'Application ID is required', 'applicationId'],
    [{ fromEmail: 'not-an-email' }, 'Valid email address is required', 'fromEmail'],
    [{ fromEmail: undefined }, 'Valid email address is required', 'fromEmail'],
    [{ emailTemplate: '' }, 'Email template is required', 'emailTemplate'],
    [{ emailTemplate: '<p></p>' }, 'Email template is required', 'emailTemplate'],
    [{ checkTime: '' }, 'Check time is required', 'checkTime'],
    [{ checkTime: '25:00' }, 'Check time must be a 24-hour time such as 08:00', 'checkTime'],
    [{ timeZone: '' }, 'Time zone is required', 'timeZone'],
    [{ timeZone: 'Mars/Olympus' }, 'Time zone must be a valid IANA time zone such as America/New_York', 'timeZone'],
    [{ timeZone: '+05:00' }, 'Time zone must be a valid IANA time zone such as America/New_York', 'timeZone'],
    [{ daysBeforeExpiration: 0 }, 'Days before expiration must be a whole number from 1 to 30', 'daysBeforeExpiration'],
    [{ daysBeforeExpiration: 31 }, 'Days before expiration must be a whole number from 1 to 30', 'daysBeforeExpiration'],
    [{ daysBeforeExpiration: 2.5 }, 'Days before expiration must be a whole number from 1 to 30', 'daysBeforeExpiration'],
    [{ weekendProcessing: 'sometimes' }, 'Weekend processing setting is required', 'weekendProcessing'],
    [{ weekendProcessing: undefined }, 'Weekend processing setting is required', 'weekendProcessing'],
    [{ passwordValidityDays: 29 }, 'Password validity must be a whole number of days from 30 to 3650', 'passwordValidityDays'],
    [{ passwordValidityDays: 3651 }, 'Password validity must be a whole number of days from 30 to 3650', 'passwordValidityDays'],
    [
      {
        includeGroups: ['aaaa1111-2222-4333-8444-000000000001', 'AAAA1111-2222-4333-8444-000000000002'],
        excludeGroups: ['aaaa1111-2222-4333-8444-000000000002'],
      },
      'A group cannot be both included and excluded',
      'excludeGroups',
    ],
  ])('answers 400 for %j with the documented message, saving nothing', async (override, message, field) => {
    const owner = await organizationOwner(harness);
    const response = await save(owner, { ...configurationFor(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fieldErrors[field]).toContain(message);
    expect((await get(owner)).json().configured).toBe(false);
  });

  it('fills the optional settings with the documented defaults', async () => {
    const owner = await organizationOwner(harness);
    const { automationEnabled: _a, includeGroups: _i, excludeGroups: _e, passwordValidityDays: _p, ...required } = configurationFor();
    const response = await save(owner, required);
    expect(response.json()).toMatchObject({ automationEnabled: true, includeGroups: [], excludeGroups: [], passwordValidityDays: 365 });
  });
});

describe('the client secret expiry date', () => {
  // configurationFor saves the organization in America/New_York: its calendar decides "today".
  const today = () => localDateOf(harness.graph.clock.now(), 'America/New_York');
  const expiresAt = (days: number) => addDays(today(), days);
  const storedExpiry = async (member: Member) =>
    (await harness.database.db.select().from(configurations).where(eq(configurations.tenantId, member.tenantId)))[0]?.clientSecretExpiresAt;

  it('is saved with the secret, answered, kept by a save without it and cleared by null', async () => {
    const owner = await organizationOwner(harness);
    const saved = await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecretExpiresAt: expiresAt(700) }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().clientSecretExpiresAt).toBe(expiresAt(700));
    expect(await storedExpiry(owner)).toBe(expiresAt(700));

    const kept = await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: undefined, checkTime: '09:00' }));
    expect(kept.json().clientSecretExpiresAt).toBe(expiresAt(700));
    expect((await get(owner)).json().clientSecretExpiresAt).toBe(expiresAt(700));

    const cleared = await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: undefined, clientSecretExpiresAt: null }));
    expect(cleared.json().clientSecretExpiresAt).toBeNull();
  });

  it("clears the old secret's date when a new secret comes without one", async () => {
    const owner = await organizationOwner(harness);
    await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecretExpiresAt: expiresAt(20) }));
    const rotated = await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: 'New8Q~rotated-secret-value-0123456789abcd' }));
    expect(rotated.json()).toMatchObject({ hasClientSecret: true, clientSecretExpiresAt: null });
  });

  it('writes a changed date to the audit log', async () => {
    const owner = await organizationOwner(harness, { firstName: 'Grace', lastName: 'Hopper' });
    await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecretExpiresAt: expiresAt(10) }));
    await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: undefined, clientSecretExpiresAt: expiresAt(400) }));
    const [latest] = await auditMessages(owner);
    expect(latest).toBe(`Configuration updated by Grace Hopper: client secret expiry (${expiresAt(10)} → ${expiresAt(400)})`);
  });

  it('accepts today with a new secret and a past date recorded for the stored one', async () => {
    const owner = await organizationOwner(harness);
    expect((await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecretExpiresAt: today() }))).statusCode).toBe(200);
    const past = await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { clientSecret: undefined, clientSecretExpiresAt: expiresAt(-3) }));
    expect(past.statusCode).toBe(200);
    expect(past.json().clientSecretExpiresAt).toBe(expiresAt(-3));
  });

  it.each([
    ['not a date', () => '24.11.2028', clientSecretExpiryMessages.invalid],
    ['no calendar day', () => '2027-02-30', clientSecretExpiryMessages.invalid],
    ['a number', () => 20281124, clientSecretExpiryMessages.invalid],
    ['in the past for a new secret', () => expiresAt(-1), clientSecretExpiryMessages.inThePast],
    ['more than 24 months ahead', () => addDays(suggestedClientSecretExpiry(today()), 2), clientSecretExpiryMessages.tooLate],
  ])('answers 400 for a date %s, saving nothing', async (_case, date, message) => {
    const owner = await organizationOwner(harness);
    const response = await save(owner, { ...configurationFor(), clientSecretExpiresAt: date() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { clientSecretExpiresAt: [message] } });
    expect((await get(owner)).json().configured).toBe(false);
  });
});

describe('the Entra tenant on the wire', () => {
  it('is tenantId in the API and entra_tenant_id in the database, apart from the organization', async () => {
    const owner = await organizationOwner(harness);
    const response = await save(owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { tenantId: 'contoso.onmicrosoft.com' }));
    expect(response.json()).toMatchObject({ tenantId: 'contoso.onmicrosoft.com' });
    expect(response.json()).not.toHaveProperty('entraTenantId');
    const [row] = await harness.database.db.select().from(configurations).where(eq(configurations.tenantId, owner.tenantId));
    expect(row).toMatchObject({ tenantId: owner.tenantId, entraTenantId: 'contoso.onmicrosoft.com' });
  });
});

describe('GET /api/demo/graph-credentials', () => {
  const credentials = {
    entraTenantId: DEMO_GRAPH_CREDENTIALS.directoryId,
    azureDirectoryId: DEMO_GRAPH_CREDENTIALS.directoryId,
    applicationId: DEMO_GRAPH_CREDENTIALS.applicationId,
    clientSecret: DEMO_GRAPH_CREDENTIALS.clientSecret,
    clientSecretId: DEMO_GRAPH_CREDENTIALS.clientSecretId,
    fromEmail: DEMO_GRAPH_CREDENTIALS.fromEmail,
  };

  it('exists only when the app was given demo credentials, and only for signed-in users', async () => {
    const owner = await organizationOwner(harness);
    expect((await harness.app.inject({ method: 'GET', url: '/api/demo/graph-credentials', headers: owner.headers })).statusCode).toBe(404);

    const config = testConfig();
    const demoApp = await buildApp({
      config,
      db: harness.database.db,
      oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
      demoGraphCredentials: credentials,
    });
    try {
      expect((await demoApp.inject({ method: 'GET', url: '/api/demo/graph-credentials' })).statusCode).toBe(401);
      const cookie = await sessionCookieFor(harness.database.db, await createUser(harness.database.db));
      const response = await demoApp.inject({ method: 'GET', url: '/api/demo/graph-credentials', headers: { cookie } });
      expect(response.json()).toEqual(credentials);
    } finally {
      await demoApp.close();
    }
  });
});
