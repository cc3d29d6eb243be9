// A real Prometheus scrapes a running Passwatch while a check runs and its reminders go out; the
// figures are read back through Prometheus's own HTTP API, not by parsing our output.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationHarness, waitFor } from '../notifications/test-support/notification-harness.js';
import { PROMETHEUS, prometheusToolAvailable, type PrometheusServer, startPrometheus } from './test-support/prometheus-server.js';

const TOKEN = 'metrics-token-for-the-scrape-test';
const available = prometheusToolAvailable(PROMETHEUS);

let harness: NotificationHarness;
let prometheus: PrometheusServer | undefined;
let target: string;

beforeAll(async () => {
  harness = await NotificationHarness.start({ env: { MAIL_RATE_PER_MINUTE: '3000', METRICS_TOKEN: TOKEN }, simulator: { mailMessagesPerMinute: 3000 } });
  const { app } = await harness.startInstance();
  await app.listen({ port: 0, host: '127.0.0.1' });
  target = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await prometheus?.close();
  await harness?.close();
});

describe('/metrics', () => {
  it('answers only a scrape with the bearer token, and names no person or organization', async () => {
    const customer = await harness.createCustomer({ users: 5 });
    expect((await harness.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode).toBe(401);
    const check = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(check.statusCode, check.body).toBe(200);

    const scrape = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    expect(scrape.body).toContain('passwatch_process_cpu_seconds_total');
    expect(scrape.body).toMatch(/passwatch_http_requests_total\{method="POST",route="\/api\/run-check",status_code="200"\} \d+/);
    expect(scrape.body).toContain('passwatch_ready 1');
    // Labels carry route templates and states only: no address, organization name or id.
    expect(scrape.body).not.toContain('Contoso');
    expect(scrape.body).not.toContain(customer.tenantId);
    expect(scrape.body).not.toMatch(/@[a-z0-9.-]+\.[a-z]+/i);
  });

  it.skipIf(!available)(
    'is scraped by Prometheus, which sees the check, its reminders sent and the Graph calls counted',
    async () => {
      prometheus = await startPrometheus(target, TOKEN);
      const customer = await harness.createCustomer({ users: 12 });
      const check = await harness.request(customer, 'POST', '/api/run-check', {});
      expect(check.statusCode, check.body).toBe(200);
      const queued: number = check.json().summary.queued;
      expect(queued).toBeGreaterThan(0);
      await waitFor(() => harness.mail(customer).length === queued, 20_000, 'the reminders to be sent');

      const server = prometheus;
      const figure = async (expression: string) => (await server.query(expression))[0]?.value ?? 0;
      // Scraped every second: once the scrape after the last send is in, Prometheus has every figure.
      await waitFor(async () => (await figure('sum(passwatch_reminders_total{state="sent"})')) >= queued, 20_000, 'Prometheus to see the reminders sent');
      expect(await figure('up{job="passwatch"}')).toBe(1);
      expect(await figure('passwatch_ready')).toBe(1);
      expect(await figure('sum(passwatch_checks_started_total{trigger="manual"})')).toBeGreaterThanOrEqual(2);
      expect(await figure('sum(passwatch_checks_finished_total{trigger="manual",outcome="completed"})')).toBeGreaterThanOrEqual(2);
      expect(await figure('sum(passwatch_reminders_total{state="queued"})')).toBeGreaterThanOrEqual(queued);
      expect(await figure('sum(passwatch_graph_requests_total{endpoint="graph",outcome="ok"})')).toBeGreaterThan(queued);
      expect(await figure('sum(passwatch_graph_requests_total{endpoint="token",outcome="ok"})')).toBeGreaterThan(0);
      expect(await figure('sum(passwatch_graph_request_duration_seconds_count{endpoint="graph"})')).toBeGreaterThan(0);
      expect(await figure('passwatch_check_users_read_count')).toBeGreaterThanOrEqual(2);
      expect(await figure('sum(passwatch_http_requests_total{route="/api/run-check",status_code="200"})')).toBeGreaterThanOrEqual(2);
      // The queue drained: nothing waits, and the pool and the outbox are reported.
      expect(await figure('sum(passwatch_send_queue_depth)')).toBe(0);
      expect(await server.query('passwatch_db_pool_connections')).toHaveLength(2);
      expect(await server.query('passwatch_account_mail_outbox')).toHaveLength(4);
    },
    90_000,
  );
});
