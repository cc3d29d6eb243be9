import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_GRAPH_CREDENTIALS, FABRIKAM_GRAPH_CREDENTIALS } from './demo-credentials.js';
import type { SimTenant } from './directory.js';
import { accessToken, collectPages, graph, graphError, startSimulator, type GraphPage, type RunningSimulator } from './test-support.js';

let running: RunningSimulator;
let baseUrl: string;
let token: string;
let contoso: SimTenant;
const eventual = { ConsistencyLevel: 'eventual' };

beforeAll(async () => {
  running = await startSimulator();
  baseUrl = running.baseUrl;
  contoso = running.simulator.state.tenants.get(DEMO_GRAPH_CREDENTIALS.directoryId) as SimTenant;
});
beforeEach(async () => {
  running.simulator.reset();
  token = await accessToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
});
afterAll(() => running.simulator.close());

type UserJson = Record<string, unknown> & { id: string };

describe('paging through /users', () => {
  it('collects every user exactly once, whatever the page size', async () => {
    const allIds = contoso.users.map((user) => user.id).sort();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 25, max: 999 }), async (top) => {
        const { items, pages } = await collectPages<UserJson>(baseUrl, token, `/users?$select=id&$top=${top}`);
        expect(items.map((user) => user.id).sort()).toEqual(allIds);
        expect(pages).toHaveLength(Math.ceil(allIds.length / top));
        expect(pages.every((page, index) => page.value.length === (index < pages.length - 1 ? top : page.value.length))).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('uses a default page of 100 and an absolute nextLink on the address the client used', async () => {
    const page = (await (await graph(baseUrl, token, '/users')).json()) as GraphPage<UserJson>;
    expect(page.value).toHaveLength(100);
    expect(page['@odata.nextLink']?.startsWith(`${baseUrl}/v1.0/users?`)).toBe(true);
    expect(page['@odata.nextLink']).toContain('$skiptoken=');
    expect(page['@odata.context']).toBe(`${baseUrl}/v1.0/$metadata#users`);
  });

  it('rejects a nextLink that was not followed exactly, or a skiptoken of another tenant', async () => {
    const first = (await (await graph(baseUrl, token, '/users?$select=id&$top=50')).json()) as GraphPage<UserJson>;
    const next = first['@odata.nextLink'] as string;
    for (const tampered of [next.replace('$top=50', '$top=60'), next.replace('%2C', '').replace('$select=id', '$select=mail'), `${next}x`]) {
      const response = await graph(baseUrl, token, tampered);
      expect(response.status).toBe(400);
      expect((await graphError(response)).code).toBe('Directory_ExpiredPageToken');
    }
    const otherTenant = await accessToken(baseUrl, FABRIKAM_GRAPH_CREDENTIALS);
    expect((await graph(baseUrl, otherTenant, next)).status).toBe(400);
  });

  it('refuses page sizes outside 1..999 and $skip', async () => {
    for (const top of ['1000', '0', 'abc']) {
      const response = await graph(baseUrl, token, `/users?$top=${top}`);
      expect(response.status).toBe(400);
      expect(await graphError(response)).toMatchObject({
        code: 'Request_BadRequest',
        message: `Invalid page size specified: '${top}'. Must be between 1 and 999 inclusive.`,
      });
    }
    const skip = await graph(baseUrl, token, '/users?$skip=10');
    expect(await graphError(skip)).toMatchObject({ code: 'Request_BadRequest', message: "'$skip' is not supported by the service." });
  });
});

describe('$select', () => {
  it('returns exactly the selected properties, named canonically', async () => {
    const page = (await (
      await graph(baseUrl, token, '/users?$select=ID,userPrincipalName,lastPasswordChangeDateTime,passwordPolicies,onPremisesSyncEnabled&$top=999')
    ).json()) as GraphPage<UserJson>;
    expect(page['@odata.context']).toBe(
      `${baseUrl}/v1.0/$metadata#users(id,userPrincipalName,lastPasswordChangeDateTime,passwordPolicies,onPremisesSyncEnabled)`,
    );
    for (const user of page.value) {
      expect(Object.keys(user)).toEqual(['id', 'userPrincipalName', 'lastPasswordChangeDateTime', 'passwordPolicies', 'onPremisesSyncEnabled']);
    }
    const adele = page.value.find((user) => user.userPrincipalName === 'adele.vance@contoso.com');
    expect(adele?.lastPasswordChangeDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('without $select leaves out the password fields', async () => {
    const page = (await (await graph(baseUrl, token, '/users?$top=5')).json()) as GraphPage<UserJson>;
    for (const user of page.value) {
      expect(user).toHaveProperty('id');
      expect(user).toHaveProperty('displayName');
      expect(user).toHaveProperty('userPrincipalName');
      expect(user).toHaveProperty('mail');
      expect(user).not.toHaveProperty('lastPasswordChangeDateTime');
      expect(user).not.toHaveProperty('passwordPolicies');
      expect(user).not.toHaveProperty('accountEnabled');
    }
  });

  it('rejects an unknown property', async () => {
    const response = await graph(baseUrl, token, '/users?$select=id,passwordExpiry');
    expect(response.status).toBe(400);
    expect((await graphError(response)).message).toBe("Could not find a property named 'passwordExpiry' on type 'microsoft.graph.user'.");
  });
});

describe('$filter', () => {
  it('accountEnabled eq true leaves out disabled accounts, across pages', async () => {
    const { items } = await collectPages<UserJson>(baseUrl, token, '/users?$filter=accountEnabled eq true&$select=id,accountEnabled,userPrincipalName&$top=40');
    const enabled = contoso.users.filter((user) => user.accountEnabled);
    expect(enabled.length).toBeLessThan(contoso.users.length);
    expect(items.map((user) => user.id).sort()).toEqual(enabled.map((user) => user.id).sort());
    expect(items.some((user) => user.userPrincipalName === 'patti.fernandez@contoso.com')).toBe(false);
  });

  it('refuses what it does not support with Graph error codes', async () => {
    const cases = [
      { filter: "startswith(displayName,'A')", code: 'Request_UnsupportedQuery' },
      { filter: "passwordPolicies eq 'DisablePasswordExpiration'", code: 'Request_UnsupportedQuery' },
      { filter: 'accountEnabled eq 1', code: 'Request_UnsupportedQuery' },
      { filter: 'isEnabled eq true', code: 'Request_BadRequest' },
    ];
    for (const { filter, code } of cases) {
      const response = await graph(baseUrl, token, `/users?$filter=${encodeURIComponent(filter)}`);
      expect(response.status, filter).toBe(400);
      expect((await graphError(response)).code, filter).toBe(code);
    }
  });
});

describe('$count', () => {
  it('needs ConsistencyLevel: eventual, on every page where $count is used', async () => {
    const without = await graph(baseUrl, token, '/users?$count=true');
    expect(without.status).toBe(400);
    expect(await graphError(without)).toMatchObject({ code: 'Request_BadRequest', message: '$count is not currently supported.' });

    const first = (await (await graph(baseUrl, token, '/users?$count=true&$select=id&$top=100', { headers: eventual })).json()) as GraphPage<UserJson>;
    expect(first['@odata.count']).toBe(contoso.users.length);
    const next = first['@odata.nextLink'] as string;
    expect((await graph(baseUrl, token, next)).status).toBe(400);
    const second = (await (await graph(baseUrl, token, next, { headers: eventual })).json()) as GraphPage<UserJson>;
    expect(second['@odata.count']).toBeUndefined();
    expect(second.value).toHaveLength(100);
  });

  it('/users/$count answers a plain number, and Request_UnsupportedQuery without the header', async () => {
    const without = await graph(baseUrl, token, '/users/$count');
    expect(without.status).toBe(400);
    expect((await graphError(without)).code).toBe('Request_UnsupportedQuery');

    const count = await graph(baseUrl, token, '/users/$count', { headers: eventual });
    expect(count.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await count.text()).toBe(String(contoso.users.length));
    const enabled = await graph(baseUrl, token, `/users/$count?$filter=${encodeURIComponent('accountEnabled eq true')}`, { headers: eventual });
    expect(Number(await enabled.text())).toBe(contoso.users.filter((user) => user.accountEnabled).length);
  });
});

describe('/users/{id | userPrincipalName}', () => {
  it('finds a user by UPN (any case, #EXT# encoded) or id, else 404 Request_ResourceNotFound', async () => {
    const byUpn = await graph(baseUrl, token, '/users/ADELE.VANCE@contoso.com?$select=id,displayName');
    const adele = (await byUpn.json()) as UserJson;
    expect(adele).toMatchObject({ displayName: 'Adele Vance' });
    expect((await (await graph(baseUrl, token, `/users/${adele.id}`)).json()) as UserJson).toMatchObject({ displayName: 'Adele Vance' });
    const guest = await graph(baseUrl, token, `/users/${encodeURIComponent('megan.bowen_fabrikam.com#EXT#@contoso.onmicrosoft.com')}?$select=userType`);
    expect(((await guest.json()) as UserJson).userType).toBe('Guest');

    const missing = await graph(baseUrl, token, '/users/nobody@contoso.com');
    expect(missing.status).toBe(404);
    expect((await graphError(missing)).code).toBe('Request_ResourceNotFound');
  });
});

describe('unknown resources', () => {
  it('answers 400 naming the unknown segment, like Graph', async () => {
    const response = await graph(baseUrl, token, '/usres');
    expect(response.status).toBe(400);
    expect((await graphError(response)).message).toBe("Resource not found for the segment 'usres'.");
  });
});
