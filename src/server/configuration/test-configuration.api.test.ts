import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_APP_WITH_EXPIRED_SECRET,
  DEMO_APP_WITHOUT_GROUP_MEMBER_READ,
  DEMO_APP_WITHOUT_MAIL_SEND,
  DEMO_GRAPH_CREDENTIALS,
  FABRIKAM_TENANT_ID,
} from '../../simulators/graph/index.js';
import { demoGroupId } from '../directory/test-support/graph-simulator-harness.js';
import {
  configurationFor,
  connectionStatus,
  organizationOwner,
  saveConfiguration,
  startApiHarness,
  type ApiHarness,
  type Member,
} from '../test-support/api-harness.js';
import { checkEmailTemplate } from './test-configuration.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

const groupId = (name: string) => demoGroupId(harness.graph, name);

async function runTest(member: Member) {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/test-configuration',
    headers: { cookie: member.headers.cookie!, 'x-tenant-id': member.tenantId },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/test-configuration', () => {
  it('passes every check for a complete setup, and marks the tenant connected', async () => {
    const owner = await organizationOwner(harness, { firstName: 'Katherine', lastName: 'Johnson' });
    await saveConfiguration(
      harness,
      owner,
      configurationFor(DEMO_GRAPH_CREDENTIALS, { includeGroups: [groupId('Password Reminder Pilot')], excludeGroups: [groupId('R&D <Labs>')] }),
    );
    const result = await runTest(owner);
    expect(result).toEqual({
      tenantConnection: {
        status: 'success',
        message: `Signed in to tenant ${DEMO_GRAPH_CREDENTIALS.directoryId} as application ` + `${DEMO_GRAPH_CREDENTIALS.applicationId}.`,
      },
      graphPermissions: { status: 'success', message: 'Users, domains, groups and group members can be read, and Mail.Send is granted.' },
      emailTemplate: { status: 'success', message: 'The template is set and uses {{userName}}, {{daysRemaining}}, {{expirationDate}}.' },
      securityGroups: { status: 'success', message: 'All 2 configured groups exist: Password Reminder Pilot, R&D <Labs>.' },
      connection: {
        status: 'connected',
        problem: null,
        message: `Signed in to tenant ${DEMO_GRAPH_CREDENTIALS.directoryId} as application ` + `${DEMO_GRAPH_CREDENTIALS.applicationId}.`,
        missingPermissions: [],
      },
    });
    expect(await connectionStatus(harness, owner)).toMatchObject({ configured: true, connectionStatus: 'connected', problem: null, missingPermissions: [] });
    const [entry] = (await harness.app.inject({ method: 'GET', url: '/api/audit-logs/1', headers: owner.headers })).json();
    expect(entry).toMatchObject({
      category: 'configuration',
      status: 'success',
      actorName: 'Katherine Johnson',
      message:
        'Configuration test by Katherine Johnson: tenant connection success, Graph permissions success, email template ' + 'success, security groups success',
    });
  });

  it('names Test Connection and Full System Test apart in Recent Activity', async () => {
    const owner = await organizationOwner(harness, { firstName: 'Grace', lastName: 'Hopper' });
    await saveConfiguration(harness, owner, configurationFor());
    for (const kind of ['connection', 'system']) {
      const response = await harness.app.inject({ method: 'POST', url: '/api/test-configuration', headers: owner.headers, payload: { kind } });
      expect(response.statusCode, response.body).toBe(200);
    }
    const entries = (await harness.app.inject({ method: 'GET', url: '/api/audit-logs/2', headers: owner.headers })).json() as { message: string }[];
    expect(entries.map((entry) => entry.message.split(':')[0])).toEqual(['Full System Test by Grace Hopper', 'Connection test by Grace Hopper']);
    const refused = await harness.app.inject({ method: 'POST', url: '/api/test-configuration', headers: owner.headers, payload: { kind: 'everything' } });
    expect(refused.statusCode).toBe(400);
  });

  it('asks Entra for a fresh token, so a revoked secret shows at once', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor());
    const tokenRequests = () => harness.graph.requests.filter((request) => request.url.endsWith('/token')).length;
    const before = tokenRequests();
    await runTest(owner);
    await runTest(owner);
    expect(tokenRequests() - before).toBe(2);
  });

  it('reports an expired secret on the connection and skips what needs it', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_APP_WITH_EXPIRED_SECRET));
    const result = await runTest(owner);
    expect(result.tenantConnection.status).toBe('error');
    expect(result.tenantConnection.message).toContain('client secret has expired');
    expect(result.graphPermissions).toEqual({ status: 'error', message: 'Skipped: the tenant connection failed.' });
    expect(result.securityGroups).toEqual({ status: 'error', message: 'Skipped: the tenant connection failed.' });
    expect(result.emailTemplate.status).toBe('success');
    expect(result.connection).toMatchObject({ status: 'error', problem: 'credentials' });
    const status = await connectionStatus(harness, owner);
    expect(status.connectionStatus).toBe('error');
    expect(status.problem).toBe('credentials');
    expect(status.message).toContain('client secret has expired');
  });

  it('names Mail.Send when the token lacks it, in Test Connection and in the badge, and a later directory read keeps it named', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_APP_WITHOUT_MAIL_SEND));
    const result = await runTest(owner);
    expect(result.tenantConnection.status).toBe('success');
    const missingMailSend = 'Missing application permission Mail.Send: add it under API permissions and grant admin consent.';
    expect(result.graphPermissions).toEqual({ status: 'error', message: missingMailSend });
    // Signed in is not connected: the app cannot send a single reminder.
    expect(result.connection).toEqual({ status: 'error', problem: 'permission', message: missingMailSend, missingPermissions: ['Mail.Send'] });
    const badge = { connectionStatus: 'error', problem: 'permission', message: missingMailSend, missingPermissions: ['Mail.Send'] };
    expect(await connectionStatus(harness, owner)).toMatchObject(badge);
    // Reading the groups works without Mail.Send; the badge must not turn green for it.
    expect((await harness.app.inject({ method: 'GET', url: '/api/security-groups', headers: owner.headers })).statusCode).toBe(200);
    expect(await connectionStatus(harness, owner)).toMatchObject(badge);
  });

  it("names the token's missing permissions in the badge without a test, from any call to the tenant", async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_APP_WITHOUT_MAIL_SEND));
    expect((await harness.app.inject({ method: 'GET', url: '/api/security-groups', headers: owner.headers })).statusCode).toBe(200);
    expect(await connectionStatus(harness, owner)).toMatchObject({ connectionStatus: 'error', problem: 'permission', missingPermissions: ['Mail.Send'] });
    // Admin consent granted: the next token carries Mail.Send, and the test clears the badge.
    const consentUrl = `${harness.graph.baseUrl}/_control/tenants/${DEMO_APP_WITHOUT_MAIL_SEND.directoryId}/consents/${DEMO_APP_WITHOUT_MAIL_SEND.applicationId}`;
    const consent = (permissions: string[]) =>
      fetch(consentUrl, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ permissions }) }).then((response) =>
        expect(response.status).toBe(200),
      );
    const seeded = ['User.Read.All', 'Group.Read.All', 'GroupMember.Read.All', 'Directory.Read.All'];
    await consent([...seeded, 'Mail.Send']);
    try {
      expect((await runTest(owner)).connection).toMatchObject({ status: 'connected', missingPermissions: [] });
      expect(await connectionStatus(harness, owner)).toMatchObject({ connectionStatus: 'connected', problem: null, missingPermissions: [] });
    } finally {
      await consent(seeded);
    }
  });

  it('reports a Graph outage in Test Connection and the badge alike, not success', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS));
    harness.graph.setFaults({ serviceUnavailable: true, retryAfterSeconds: 1 });
    try {
      const result = await runTest(owner);
      // Entra still issues tokens: signing in works, Graph does not.
      expect(result.tenantConnection.status).toBe('success');
      expect(result.connection).toEqual({
        status: 'error',
        problem: 'outage',
        message: 'Microsoft Graph is unavailable (HTTP 503). Try again later.',
        missingPermissions: [],
      });
      expect(await connectionStatus(harness, owner)).toMatchObject({
        connectionStatus: 'error',
        problem: 'outage',
        message: 'Microsoft Graph is unavailable (HTTP 503). Try again later.',
      });
    } finally {
      harness.graph.setFaults({ serviceUnavailable: false });
    }
  });

  it('names every permission a probe was refused', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_APP_WITHOUT_GROUP_MEMBER_READ, { includeGroups: [groupId('Finance')] }));
    const result = await runTest(owner);
    expect(result.graphPermissions).toEqual({
      status: 'error',
      message:
        'Missing application permissions Group.Read.All, GroupMember.Read.All, Directory.Read.All: add them under API ' +
        'permissions and grant admin consent.',
    });
    expect(result.connection.missingPermissions).toEqual(['Group.Read.All', 'GroupMember.Read.All', 'Directory.Read.All']);
    expect(result.securityGroups.status).toBe('error');
    expect(result.securityGroups.message).toContain('Could not check the configured groups: Missing permission to list security groups');
  });

  it('warns when the token comes from another directory than the Azure Directory ID', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { azureDirectoryId: FABRIKAM_TENANT_ID }));
    const result = await runTest(owner);
    expect(result.tenantConnection).toEqual({
      status: 'warning',
      message:
        `Signed in, but the token was issued by directory ${DEMO_GRAPH_CREDENTIALS.directoryId}, not by the Azure ` +
        `Directory ID ${FABRIKAM_TENANT_ID}. Check that both IDs name the same tenant.`,
    });
    expect((await connectionStatus(harness, owner)).connectionStatus).toBe('connected');
  });

  it('flags filter groups that no longer exist: include as an error, exclude as a warning', async () => {
    const gone = '11111111-2222-4333-8444-555555555555';
    const includeOwner = await organizationOwner(harness);
    await saveConfiguration(harness, includeOwner, configurationFor(DEMO_GRAPH_CREDENTIALS, { includeGroups: [gone, groupId('Finance')] }));
    expect((await runTest(includeOwner)).securityGroups).toEqual({
      status: 'error',
      message: `Include group ${gone} no longer exists. Its members get no reminders until it is removed from the filters.`,
    });
    const excludeOwner = await organizationOwner(harness);
    await saveConfiguration(harness, excludeOwner, configurationFor(DEMO_GRAPH_CREDENTIALS, { excludeGroups: [gone] }));
    const result = await runTest(excludeOwner);
    expect(result.securityGroups).toEqual({ status: 'warning', message: `Exclude group ${gone} no longer exists. Remove it from the filters.` });
    // With no usable group configured, the members probe uses one of the tenant's own groups.
    expect(result.graphPermissions.status).toBe('success');
  });

  it('reports what to do first when nothing is configured', async () => {
    const owner = await organizationOwner(harness);
    const result = await runTest(owner);
    expect(result.tenantConnection).toEqual({
      status: 'error',
      message: 'Save the tenant connection (Tenant ID, Azure Directory ID, Application ID and client secret) first.',
    });
    expect(await connectionStatus(harness, owner)).toMatchObject({ configured: false, connectionStatus: 'unknown' });
  });
});

describe('checkEmailTemplate', () => {
  it.each([
    ['<p>{{userName}}: {{daysRemaining}} days</p>', 'success'],
    ['<p>Hello {{userName}}</p>', 'warning'],
    ['<p>{{ userName }} {{expirationDate}} {{firstName}}</p>', 'warning'],
    ['<p> </p>', 'error'],
  ])('%s -> %s', (template, status) => {
    expect(checkEmailTemplate(template).status).toBe(status);
  });

  it('names unknown variables', () => {
    expect(checkEmailTemplate('<p>{{firstName}} {{daysRemaining}}</p>').message).toBe(
      'Unknown template variable {{firstName}} will be sent as typed. Available: {{userName}}, {{daysRemaining}}, ' +
        '{{expirationDate}}, {{companyName}}, {{userPrincipalName}}, {{changePasswordUrl}}.',
    );
  });
});
