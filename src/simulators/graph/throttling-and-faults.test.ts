import { describe, expect, it } from 'vitest';
import { DEMO_GRAPH_CREDENTIALS } from './demo-credentials.js';
import { directoryBudgetFor } from './directory-throttle.js';
import { formatRetryAfter } from './errors.js';
import { SlidingWindow } from './mail-limits.js';
import { graph, graphError, ManualClock, putControl, requestToken, useDemoSimulator } from './test-support.js';

const clock = new ManualClock();
const running = useDemoSimulator({ clock: clock.now });

const usersPage = () => graph(running.baseUrl, running.token, '/users?$select=id&$top=999');

describe('directory throttling (resource units per app and tenant per 10 s)', () => {
  it('budgets by tenant size: 3,500 / 5,000 / 8,000', () => {
    expect([1, 49, 50, 500, 501, 100_000].map(directoryBudgetFor)).toEqual([3_500, 3_500, 5_000, 5_000, 8_000, 8_000]);
  });

  it('answers 429 TooManyRequests with Retry-After once the budget is spent, and refills over time', async () => {
    await putControl(running.baseUrl, 'settings', { directoryBudgetPer10Seconds: 5 });
    for (let call = 0; call < 5; call++) expect((await usersPage()).status).toBe(200);
    const throttled = await graph(running.baseUrl, running.token, '/users?$select=id', {
      headers: { 'client-request-id': 'c0ffee00-0000-4000-8000-000000000001' },
    });
    expect(throttled.status).toBe(429);
    // 5 units per 10 s refill one unit every 2 s.
    expect(throttled.headers.get('retry-after')).toBe('2');
    const error = await graphError(throttled);
    expect(error.code).toBe('TooManyRequests');
    expect(error.innerError).toEqual({
      date: '2025-03-10T09:30:00',
      'request-id': throttled.headers.get('request-id'),
      'client-request-id': 'c0ffee00-0000-4000-8000-000000000001',
    });
    clock.advance(2_000);
    expect((await usersPage()).status).toBe(200);
  });

  it('charges $select-less lists 2 units and transitiveMembers 4 (with $select) or 5', async () => {
    await putControl(running.baseUrl, 'settings', { directoryBudgetPer10Seconds: 9 });
    const group = running.simulator.state.tenants.get(DEMO_GRAPH_CREDENTIALS.directoryId)?.groups[0]?.id as string;
    expect((await graph(running.baseUrl, running.token, `/groups/${group}/transitiveMembers?$select=id`)).status).toBe(200);
    expect((await graph(running.baseUrl, running.token, `/groups/${group}/transitiveMembers`)).status).toBe(200);
    const refused = await graph(running.baseUrl, running.token, '/users');
    expect(refused.status).toBe(429);
    // 0 units left, 2 needed, 0.9 units per second: 2.23 s, sent as whole seconds (HTTP has no fractions).
    expect(refused.headers.get('retry-after')).toBe('3');
  });

  it('omits Retry-After when the fault switch says so', async () => {
    await putControl(running.baseUrl, 'settings', { directoryBudgetPer10Seconds: 1 });
    await putControl(running.baseUrl, 'faults', { throttleWithoutRetryAfter: true });
    expect((await usersPage()).status).toBe(200);
    const throttled = await usersPage();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.has('retry-after')).toBe(false);
  });
});

describe('fault switches', () => {
  it('forceThrottle answers the next N Graph requests with 429, then recovers', async () => {
    await putControl(running.baseUrl, 'faults', { forceThrottle: 2, retryAfterSeconds: 0.5 });
    // The token endpoint is not a Graph request and does not consume the forced 429s.
    expect((await requestToken(running.baseUrl, DEMO_GRAPH_CREDENTIALS)).status).toBe(200);
    const first = await usersPage();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('0.5');
    expect((await usersPage()).status).toBe(429);
    expect((await usersPage()).status).toBe(200);
  });

  it('serviceUnavailable answers 503 with Retry-After', async () => {
    await putControl(running.baseUrl, 'faults', { serviceUnavailable: true, retryAfterSeconds: 7 });
    const response = await usersPage();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect((await graphError(response)).code).toBe('serviceNotAvailable');
    expect((await fetch(`${running.baseUrl}/_control/faults`)).status).toBe(200);
  });

  it('errorRate 1 fails every Graph request with 500, 0 fails none', async () => {
    await putControl(running.baseUrl, 'faults', { errorRate: 1 });
    const failed = await usersPage();
    expect(failed.status).toBe(500);
    expect((await graphError(failed)).code).toBe('generalException');
    await putControl(running.baseUrl, 'faults', { errorRate: 0 });
    expect((await usersPage()).status).toBe(200);
  });

  it('errorRate 0.5 fails about half of the requests', async () => {
    await putControl(running.baseUrl, 'faults', { errorRate: 0.5 });
    const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await graph(running.baseUrl, running.token, '/domains')).status));
    const failures = statuses.filter((status) => status === 500).length;
    expect(failures).toBeGreaterThan(15);
    expect(failures).toBeLessThan(45);
  });

  it('latencyMs delays Graph and token requests', async () => {
    await putControl(running.baseUrl, 'faults', { latencyMs: 120 });
    for (const send of [() => usersPage(), () => requestToken(running.baseUrl, DEMO_GRAPH_CREDENTIALS)]) {
      const started = performance.now();
      expect((await send()).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    }
  });
});

describe('limit arithmetic', () => {
  it('SlidingWindow tells how long until a weight fits', () => {
    const window = new SlidingWindow(60_000);
    window.add(0, 2);
    window.add(10_000, 1);
    expect(window.used(30_000)).toBe(3);
    expect(window.waitFor(30_000, 1, 3)).toBe(30_000);
    expect(window.waitFor(30_000, 2, 3)).toBe(30_000);
    expect(window.waitFor(30_000, 3, 3)).toBe(40_000);
    expect(window.waitFor(30_000, 1, 4)).toBe(0);
    expect(window.used(60_000)).toBe(1);
    expect(window.waitFor(60_000, 10, 3)).toBe(60_000);
  });

  it('formats Retry-After in whole seconds, rounded up, at least 1 (HTTP delay-seconds)', () => {
    expect([2, 0.31, 0.0001, 12.5, 2.0000000001, 60].map(formatRetryAfter)).toEqual(['2', '1', '1', '13', '2', '60']);
  });
});
