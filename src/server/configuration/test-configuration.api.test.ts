import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_APP_WITH_EXPIRED_SECRET,
  DEMO_APP_WITHOUT_GROUP_MEMBER_READ,
  DEMO_APP_WITHOUT_MAIL_SEND,
  DEMO_GRAPH_CREDENTIALS,
  FABRIKAM_TENANT_ID,
} from '../../simulators/graph/index.js';
import { demoGroupId } from '../directory/test-support/graph-simulator-harness.js';
import { configurationFor, connectionStatus, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
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
  const response = await harness.app.inject({ method: 'POST', url: '/api/test-configuration', headers: { cookie: member.headers.cookie!, 'x-tenant-id': member.tenantId } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/test-configuration', () => {
  it('passes every check for a complete setup, and marks the tenant connected', async () => {
    const owner = await organizationOwner(harness, { firstName: 'Katherine', lastName: 'Johnson' });
    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { includeGroups: [groupId('Password Reminder Pilot')], excludeGroups: [groupId('R&D <Labs>')] }));
    const result = await runTest(owner);
    expect(result).toEqual({
      tenantConnection: { status: 'success', message: `Signed in to tenant ${DEMO_GRAPH_CREDENTIALS.directoryId} as application ${DEMO_GRAPH_CREDENTIALS.applicationId}.` },
      graphPermissions: { status: 'success', message: 'Users, domains, groups and group members can be read, and Mail.Send is granted.' },
      emailTemplate: { status: 'success', message: 'The template is set and uses {{userName}}, {{daysRemaining}}, {{expirationDate}}.' },
      securityGroups: { status: 'success', message: 'All 2 configured groups exist: Password Reminder Pilot, R&D <Labs>.' },
    });
    expect(await connectionStatus(harness, owner)).toMatchObject({ configured: true, connectionStatus: 'connected' });
    const [entry] = (await harness.app.inject({ method: 'GET', url: '/api/audit-logs/1', headers: owner.headers })).json();
    expect(entry).toMatchObject({
      category: 'configuration',
      status: 'success',
      actorName: 'Katherine Johnson',
      message: 'Configuration test by Katherine Johnson: tenant connection success, Graph permissions success, email template success, security groups success',
    });
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
    const status = await connectionStatus(harness, owner);
    expect(status.connectionStatus).toBe('error');
    expect(status.message).toContain('client secret has expired');
  });

  it('names Mail.Send when the token lacks it', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_APP_WITHOUT_MAIL_SEND));
    const result = await runTest(owner);
    expect(result.tenantConnection.status).toBe('success');
    expect(result.graphPermissions).toEqual({ status: 'error', message: 'Missing application permission Mail.Send: add it under API permissions and grant admin consent.' });
    expect((await connectionStatus(harness, owner)).connectionStatus).toBe('error');
  });

  it('names every permission a probe was refused', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_APP_WITHOUT_GROUP_MEMBER_READ, { includeGroups: [groupId('Finance')] }));
    const result = await runTest(owner);
    expect(result.graphPermissions).toEqual({
      status: 'error',
      message: 'Missing application permissions Group.Read.All, GroupMember.Read.All: add them under API permissions and grant admin consent.',
    });
    expect(result.securityGroups.status).toBe('error');
    expect(result.securityGroups.message).toContain('Could not check the configured groups: Missing permission to list security groups');
  });

  it('warns when the token comes from another directory than the Azure Directory ID', async () => {
    const owner = await organizationOwner(harness);
    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS, { azureDirectoryId: FABRIKAM_TENANT_ID }));
    const result = await runTest(owner);
    expect(result.tenantConnection).toEqual({
      status: 'warning',
      message: `Signed in, but the token was issued by directory ${DEMO_GRAPH_CREDENTIALS.directoryId}, not by the Azure Directory ID ${FABRIKAM_TENANT_ID}. Check that both IDs name the same tenant.`,
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
    expect(result.tenantConnection).toEqual({ status: 'error', message: 'Save the tenant connection (Tenant ID, Azure Directory ID, Application ID and client secret) first.' });
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
      'Unknown template variable {{firstName}} will be sent as typed. Available: {{userName}}, {{daysRemaining}}, {{expirationDate}}, {{companyName}}.',
    );
  });
});
