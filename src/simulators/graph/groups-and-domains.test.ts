import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP_WITHOUT_GROUP_MEMBER_READ, DEMO_APP_WITHOUT_MAIL_SEND, DEMO_GRAPH_CREDENTIALS, FABRIKAM_GRAPH_CREDENTIALS } from './demo-credentials.js';
import type { SimGroup, SimTenant } from './directory.js';
import { accessToken, collectPages, graph, graphError, startSimulator, type GraphPage, type RunningSimulator } from './test-support.js';

let running: RunningSimulator;
let baseUrl: string;
let token: string;
let contoso: SimTenant;

beforeAll(async () => {
  running = await startSimulator();
  baseUrl = running.baseUrl;
  token = await accessToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
  contoso = running.simulator.state.tenants.get(DEMO_GRAPH_CREDENTIALS.directoryId) as SimTenant;
});
afterAll(() => running.simulator.close());

interface Member {
  '@odata.type': string;
  id: string;
  [property: string]: unknown;
}

const groupNamed = (name: string) => contoso.groups.find((group) => group.displayName === name) as SimGroup;
const securityGroupsPath = `/groups?$filter=${encodeURIComponent('securityEnabled eq true')}&$select=id,displayName&$top=999`;

describe('/groups with the security filter', () => {
  it('keeps security groups (mail-enabled ones too) and leaves out Microsoft 365 groups and distribution lists', async () => {
    const page = (await (await graph(baseUrl, token, securityGroupsPath)).json()) as GraphPage<{ id: string; displayName: string }>;
    const names = page.value.map((group) => group.displayName);
    expect(names).toEqual(contoso.groups.filter((group) => group.securityEnabled).map((group) => group.displayName));
    expect(names).toEqual(
      expect.arrayContaining(['All Staff', 'Finance', 'Engineering - Platform', 'Contractors', 'Service Accounts', 'Helpdesk', 'R&D <Labs>']),
    );
    expect(names).not.toContain('Everyone');
    expect(names).not.toContain('Office - Seattle');
    expect(Object.keys(page.value[0] ?? {})).toEqual(['id', 'displayName']);
  });

  it('lists every group without the filter', async () => {
    const { items } = await collectPages<{ id: string }>(baseUrl, token, '/groups?$select=id&$top=10');
    expect(items).toHaveLength(contoso.groups.length);
  });
});

describe('/groups/{id}/transitiveMembers', () => {
  const allMembers = async (group: SimGroup, select = '$select=id') =>
    (await collectPages<Member>(baseUrl, token, `/groups/${group.id}/transitiveMembers?${select}&$top=37`)).items;

  it('resolves nested groups two levels deep, each member once', async () => {
    const members = await allMembers(groupNamed('All Staff'));
    const users = members.filter((member) => member['@odata.type'] === '#microsoft.graph.user').map((member) => member.id);
    const expected = contoso.users.filter((user) => user.userType === 'Member' && user.department !== null).map((user) => user.id);
    expect(users.sort()).toEqual(expected.sort());
    expect(new Set(members.map((member) => member.id)).size).toBe(members.length);

    // Someone only in a team group nested in a department group nested in All Staff.
    const platform = groupNamed('Engineering - Platform');
    const engineerInTeam = platform.memberIds[0] as string;
    expect(groupNamed('All Staff').memberIds).not.toContain(engineerInTeam);
    expect(groupNamed('Engineering').memberIds).not.toContain(engineerInTeam);
    expect(users).toContain(engineerInTeam);
    // The nested groups themselves are listed as groups, as Graph does.
    expect(members).toContainEqual({ '@odata.type': '#microsoft.graph.group', id: platform.id });
  });

  it('lists non-user members with their own @odata.type (devices in Service Accounts)', async () => {
    const members = await allMembers(groupNamed('Service Accounts'), '$select=id,displayName');
    expect(members.some((member) => member['@odata.type'] === '#microsoft.graph.device')).toBe(true);
    const scanner = contoso.users.find((user) => user.userPrincipalName === DEMO_GRAPH_CREDENTIALS.noMailboxEmail);
    expect(members).toContainEqual({ '@odata.type': '#microsoft.graph.user', id: scanner?.id, displayName: 'Office Scanner' });
  });

  it('mixes direct users and a nested department (Password Reminder Pilot)', async () => {
    const members = await allMembers(groupNamed('Password Reminder Pilot'));
    const finance = groupNamed('Finance');
    const financeTeam = groupNamed('Finance - Payroll');
    const expected = new Set([
      finance.id,
      ...finance.memberIds,
      ...financeTeam.memberIds,
      ...contoso.users.filter((user) => ['alex.wilber@contoso.com', 'adele.vance@contoso.com'].includes(user.userPrincipalName)).map((user) => user.id),
    ]);
    expect(new Set(members.map((member) => member.id))).toEqual(expected);
  });

  it('answers 404 for an unknown group and 400 for an id that is not a GUID', async () => {
    const unknown = await graph(baseUrl, token, '/groups/0a0a0a0a-1111-4222-8333-444444444444/transitiveMembers');
    expect(unknown.status).toBe(404);
    expect((await graphError(unknown)).code).toBe('Request_ResourceNotFound');
    const malformed = await graph(baseUrl, token, '/groups/Finance/transitiveMembers');
    expect(malformed.status).toBe(400);
    expect((await graphError(malformed)).message).toBe("Invalid object identifier 'Finance'.");
  });

  it('keeps tenants apart: Fabrikam cannot read a Contoso group', async () => {
    const fabrikam = await accessToken(baseUrl, FABRIKAM_GRAPH_CREDENTIALS);
    const response = await graph(baseUrl, fabrikam, `/groups/${groupNamed('All Staff').id}/transitiveMembers`);
    expect(response.status).toBe(404);
  });
});

describe('/domains', () => {
  it('lists each domain with its password policy', async () => {
    const page = (await (await graph(baseUrl, token, '/domains')).json()) as GraphPage<Record<string, unknown>>;
    const byName = new Map(page.value.map((domain) => [domain.id, domain]));
    expect(byName.get('contoso.com')).toMatchObject({
      isDefault: true,
      isRoot: true,
      isVerified: true,
      authenticationType: 'Managed',
      passwordValidityPeriodInDays: 90,
      passwordNotificationWindowInDays: 14,
    });
    expect(byName.get('eu.contoso.com')).toMatchObject({ isRoot: false, passwordValidityPeriodInDays: null });
    expect(byName.get('contoso.onmicrosoft.com')).toMatchObject({ isInitial: true, passwordValidityPeriodInDays: 2147483647 });
    expect(byName.get('fabrikam-partners.com')).toMatchObject({ authenticationType: 'Federated' });
    expect(byName.get('litwareinc.com')).toMatchObject({ isRoot: true, passwordValidityPeriodInDays: null });
  });
});

describe('application permissions', () => {
  it('an app without GroupMember.Read.All (nor Group/Directory.Read.All) gets 403 on groups but reads users and domains', async () => {
    const limited = await accessToken(baseUrl, DEMO_APP_WITHOUT_GROUP_MEMBER_READ);
    for (const path of [securityGroupsPath, `/groups/${groupNamed('Finance').id}/transitiveMembers?$select=id`]) {
      const response = await graph(baseUrl, limited, path);
      expect(response.status).toBe(403);
      expect(await graphError(response)).toMatchObject({
        code: 'Authorization_RequestDenied',
        message: 'Insufficient privileges to complete the operation.',
      });
    }
    expect((await graph(baseUrl, limited, '/users?$top=1')).status).toBe(200);
    expect((await graph(baseUrl, limited, '/domains')).status).toBe(200);
  });

  it('Directory.Read.All covers domains and group members', async () => {
    const withoutMailSend = await accessToken(baseUrl, DEMO_APP_WITHOUT_MAIL_SEND);
    expect((await graph(baseUrl, withoutMailSend, '/domains')).status).toBe(200);
    expect((await graph(baseUrl, withoutMailSend, `/groups/${groupNamed('Finance').id}/transitiveMembers`)).status).toBe(200);
  });
});
