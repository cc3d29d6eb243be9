import { describe, expect, it } from 'vitest';
import { generateTestCertificate, serveOverTls, trustingFetch } from '../fidelity/tls-test-server.js';
import type { BatchResponse } from './batch.js';
import { DEMO_APP_WITHOUT_GROUP_MEMBER_READ, DEMO_GRAPH_CREDENTIALS } from './demo-credentials.js';
import { createGraphSimulator } from './index.js';
import { accessToken, graph, graphError, ManualClock, putControl, sendMailBody, useDemoSimulator } from './test-support.js';

const clock = new ManualClock();
const running = useDemoSimulator({ clock: clock.now });

interface BatchRequest {
  id: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  dependsOn?: string[];
}

const batch = (requests: BatchRequest[], bearer = running.token) => graph(running.baseUrl, bearer, '/$batch', { method: 'POST', body: { requests } });
const responsesOf = async (response: Response) => {
  expect(response.status).toBe(200);
  const { responses } = (await response.json()) as { responses: BatchResponse[] };
  return new Map(responses.map((inner) => [inner.id, inner]));
};
const getUser = (id: string, upn: string): BatchRequest => ({ id, method: 'GET', url: `/users/${upn}?$select=displayName` });

describe('$batch', () => {
  it('runs each request through the normal handlers and answers by id', async () => {
    const responses = await responsesOf(
      await batch([getUser('1', 'adele.vance@contoso.com'), { id: '2', method: 'GET', url: 'domains?$select=id' }, getUser('3', 'nobody@contoso.com')]),
    );
    expect(responses.get('1')).toMatchObject({ status: 200, body: { displayName: 'Adele Vance' } });
    expect(responses.get('1')?.headers['Content-Type']).toContain('application/json');
    expect(responses.get('2')?.body).toMatchObject({ value: expect.any(Array) });
    expect((responses.get('2')!.body as { value: unknown[] }).value).toHaveLength(6);
    expect(responses.get('3')).toMatchObject({ status: 404, body: { error: { code: 'Request_ResourceNotFound' } } });
  });

  it('refuses more than 20 requests, duplicate ids, and write requests without Content-Type', async () => {
    const tooMany = await batch(Array.from({ length: 21 }, (_, index) => getUser(String(index), 'adele.vance@contoso.com')));
    expect(tooMany.status).toBe(400);
    expect(await graphError(tooMany)).toMatchObject({ code: 'BadRequest', message: 'Number of requests exceeds the maximum of 20.' });
    expect((await batch(Array.from({ length: 20 }, (_, index) => getUser(String(index), 'adele.vance@contoso.com')))).status).toBe(200);

    const duplicate = await batch([getUser('1', 'adele.vance@contoso.com'), getUser('1', 'lee.gu@contoso.com')]);
    expect(duplicate.status).toBe(400);
    const withoutContentType = await batch([
      { id: '1', method: 'POST', url: `/users/${DEMO_GRAPH_CREDENTIALS.fromEmail}/sendMail`, body: sendMailBody(['a@contoso.com']) },
    ]);
    expect(withoutContentType.status).toBe(400);
    expect((await graphError(withoutContentType)).message).toBe('Write request id : 1 does not contain Content-Type header or body.');
  });

  it('carries inner 429s (with Retry-After) in an outer 200', async () => {
    await putControl(running.baseUrl, 'faults', { forceThrottle: 1, retryAfterSeconds: 3 });
    const responses = await responsesOf(await batch([getUser('only', 'adele.vance@contoso.com')]));
    expect(responses.get('only')).toMatchObject({ status: 429, headers: { 'Retry-After': '3' }, body: { error: { code: 'TooManyRequests' } } });
  });

  it('throttles each inner request on its own against the directory budget', async () => {
    await putControl(running.baseUrl, 'settings', { directoryBudgetPer10Seconds: 3 });
    const responses = await responsesOf(await batch(['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, method: 'GET', url: '/users?$select=id&$top=1' }))));
    const statuses = [...responses.values()].map((inner) => inner.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('checks permissions per inner request', async () => {
    const limited = await accessToken(running.baseUrl, DEMO_APP_WITHOUT_GROUP_MEMBER_READ);
    const responses = await responsesOf(
      await batch(
        [
          { id: 'users', method: 'GET', url: '/users?$top=1' },
          { id: 'groups', method: 'GET', url: '/groups?$top=1' },
        ],
        limited,
      ),
    );
    expect(responses.get('users')?.status).toBe(200);
    expect(responses.get('groups')).toMatchObject({ status: 403, body: { error: { code: 'Authorization_RequestDenied' } } });
  });

  it('sends mail from a batch; five at once exceed the mailbox concurrency', async () => {
    await putControl(running.baseUrl, 'faults', { latencyMs: 150 });
    const send = (id: string): BatchRequest => ({
      id,
      method: 'POST',
      url: `/users/${DEMO_GRAPH_CREDENTIALS.fromEmail}/sendMail`,
      headers: { 'Content-Type': 'application/json' },
      body: sendMailBody([`${id}@contoso.com`]),
    });
    const responses = await responsesOf(await batch(['a', 'b', 'c', 'd', 'e'].map(send)));
    const statuses = [...responses.values()].map((inner) => inner.status).sort();
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    expect(running.simulator.state.sentMail).toHaveLength(4);
  });

  it('orders requests with dependsOn and fails dependents of a failed request with 424', async () => {
    const responses = await responsesOf(
      await batch([
        getUser('missing', 'nobody@contoso.com'),
        { ...getUser('after-missing', 'adele.vance@contoso.com'), dependsOn: ['missing'] },
        getUser('fine', 'lee.gu@contoso.com'),
        { ...getUser('after-fine', 'alex.wilber@contoso.com'), dependsOn: ['fine'] },
      ]),
    );
    expect(responses.get('after-missing')?.status).toBe(424);
    expect(responses.get('after-fine')?.status).toBe(200);
    const forward = await batch([{ ...getUser('1', 'lee.gu@contoso.com'), dependsOn: ['2'] }, getUser('2', 'lee.gu@contoso.com')]);
    expect(forward.status).toBe(400);
  });

  it('needs a valid token for the envelope', async () => {
    expect((await batch([getUser('1', 'adele.vance@contoso.com')], 'not-a-token')).status).toBe(401);
  });
});

describe('$batch links', () => {
  const pagedUsers: BatchRequest = { id: 'page', method: 'GET', url: '/users?$select=id&$top=2' };
  const linksOf = (inner: BatchResponse | undefined) => {
    const body = inner?.body as { '@odata.context': string; '@odata.nextLink': string };
    return [body['@odata.context'], body['@odata.nextLink']];
  };

  it('use https when the envelope came over https, like the same request sent alone', async () => {
    const simulator = createGraphSimulator({ clock: clock.now });
    const certificate = await generateTestCertificate();
    const server = await serveOverTls(simulator.app, certificate);
    try {
      const token = await simulator.app.inject({
        method: 'POST',
        url: `/${DEMO_GRAPH_CREDENTIALS.directoryId}/oauth2/v2.0/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: DEMO_GRAPH_CREDENTIALS.applicationId,
          client_secret: DEMO_GRAPH_CREDENTIALS.clientSecret,
          scope: 'https://graph.microsoft.com/.default',
          grant_type: 'client_credentials',
        }).toString(),
      });
      const fetchTls = trustingFetch(certificate);
      const headers = { Authorization: `Bearer ${token.json<{ access_token: string }>().access_token}`, 'Content-Type': 'application/json' };
      const alone = (await (await fetchTls(`${server.baseUrl}/v1.0${pagedUsers.url}`, { headers })).json()) as Record<string, string>;
      const batched = await fetchTls(`${server.baseUrl}/v1.0/$batch`, { method: 'POST', headers, body: JSON.stringify({ requests: [pagedUsers] }) });
      const links = linksOf((await responsesOf(batched)).get('page'));
      expect(links).toEqual([alone['@odata.context'], alone['@odata.nextLink']]);
      for (const link of links) expect(link).toMatch(new RegExp(`^https://127\\.0\\.0\\.1:${server.port}/v1\\.0/`));
    } finally {
      await server.close();
      await simulator.close();
    }
  });

  it('use the envelope scheme whatever X-Forwarded-Proto the client sends, outside or inside the batch', async () => {
    const spoofed = { ...pagedUsers, headers: { 'X-Forwarded-Proto': 'https' } };
    const response = await graph(running.baseUrl, running.token, '/$batch', {
      method: 'POST',
      headers: { 'X-Forwarded-Proto': 'https' },
      body: { requests: [spoofed] },
    });
    for (const link of linksOf((await responsesOf(response)).get('page'))) expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\.0\//);
  });
});
