import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { createPayPalSimulator, DEMO_PAYPAL_CREDENTIALS, type PayPalSimulator } from '../../../simulators/paypal/index.js';
import { buildApp } from '../../app.js';
import { OidcProvider, SESSION_COOKIE, SessionStore } from '../../auth/index.js';
import type { DatabaseHandle } from '../../db/client.js';
import { createOrganization, createUser } from '../../test-support/factories.js';
import { testConfig, trustingPayPalSimulator } from '../../test-support/test-config.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { DAY_MS } from '../../../shared/domain/day-length.js';

export interface Customer {
  user: Awaited<ReturnType<typeof createUser>>;
  cookie: string;
  tenant: Awaited<ReturnType<typeof createOrganization>>;
}

/**
 * The app on a fresh database, listening on loopback so the PayPal simulator can deliver its
 * signed webhooks, with PayPal pointed at the simulator and the app's clock following the
 * simulator's (so advancing one advances both).
 */
export class BillingHarness {
  private constructor(
    readonly app: FastifyInstance,
    readonly database: DatabaseHandle,
    readonly simulator: PayPalSimulator,
    readonly paypalUrl: string,
  ) {}

  static async start(overrides: Record<string, string> = {}): Promise<BillingHarness> {
    const database = await createTestDatabase();
    const simulator = createPayPalSimulator({ ...DEMO_PAYPAL_CREDENTIALS, webhookRetryDelaysMs: [] });
    const paypalUrl = await simulator.listen(0, '127.0.0.1');
    const config = trustingPayPalSimulator(
      testConfig({
        PAYPAL_API_URL: paypalUrl,
        PAYPAL_CLIENT_ID: DEMO_PAYPAL_CREDENTIALS.clientId,
        PAYPAL_CLIENT_SECRET: DEMO_PAYPAL_CREDENTIALS.clientSecret,
        PAYPAL_WEBHOOK_ID: DEMO_PAYPAL_CREDENTIALS.webhookId,
        PAYPAL_CERT_HOSTS: '127.0.0.1',
        // Tests move the clock by months; sessions must outlive that.
        SESSION_IDLE_TIMEOUT_MINUTES: String(90 * 24 * 60),
        SESSION_MAX_AGE_DAYS: '365',
        ...overrides,
      }),
      simulator,
    );
    const app = await buildApp({
      config,
      db: database.db,
      oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
      clock: () => simulator.clock.now(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
    simulator.setWebhookUrl(`http://127.0.0.1:${address.port}/api/paypal/webhook`);
    return new BillingHarness(app, database, simulator, paypalUrl);
  }

  async close(): Promise<void> {
    await this.simulator.close();
    await this.app.close();
    await this.database.close();
  }

  /** A signed-in user owning a fresh organization. */
  async customer(userOverrides: Parameters<typeof createUser>[1] = {}): Promise<Customer> {
    const user = await createUser(this.database.db, userOverrides);
    const tenant = await createOrganization(this.database.db, user, { name: `Org of ${user.lastName}` });
    return { user, cookie: await this.sessionCookieFor(user.id), tenant };
  }

  /** A session on the app's (simulated) clock, which tests move forward by weeks. */
  async sessionCookieFor(userId: string): Promise<string> {
    const sessions = new SessionStore(this.database.db, { idleTimeoutMs: 90 * DAY_MS, maxAgeMs: 365 * DAY_MS }, () => this.simulator.clock.now());
    return `${SESSION_COOKIE}=${await sessions.create(userId, null)}`;
  }

  /** A request as the customer, for their organization. */
  as(customer: Customer, method: InjectOptions['method'], url: string, payload?: unknown) {
    return this.app.inject({
      method,
      url,
      headers: { cookie: customer.cookie, 'x-tenant-id': customer.tenant.id },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }

  /** The simulator's /_control API. */
  async control<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.paypalUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`control ${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Lets every webhook the simulator queued reach the app (and the app handle it). */
  settleWebhooks(): Promise<void> {
    return this.simulator.settleWebhooks();
  }

  /** Steps 1-2 of the purchase: our create call, then the buyer presses Approve on PayPal's page. */
  async approveNewSubscription(customer: Customer, planType: 'monthly' | 'yearly'): Promise<{ subscriptionId: string; returnUrl: URL }> {
    const created = await this.as(customer, 'POST', '/api/paypal/create-subscription', {
      planType,
      userEmail: customer.user.email,
      userName: `${customer.user.firstName} ${customer.user.lastName}`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { approvalUrl, subscriptionId } = created.json() as { approvalUrl: string; subscriptionId: string };
    return { subscriptionId, returnUrl: await this.approveAtPayPal(approvalUrl) };
  }

  /** The buyer presses Approve on PayPal's page; answers where PayPal sends the browser back. */
  async approveAtPayPal(approvalUrl: string): Promise<URL> {
    const page = await fetch(approvalUrl);
    const html = await page.text();
    expect(html).toContain('>Approve</button>');
    const token = new URL(approvalUrl).searchParams.get('ba_token')!;
    const approved = await fetch(new URL('/webapps/billing/subscriptions/approve', approvalUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ba_token: token }).toString(),
      redirect: 'manual',
    });
    expect(approved.status).toBe(302);
    return new URL(approved.headers.get('location')!);
  }

  /** The whole purchase, ending with the return page's activation call. */
  async purchase(customer: Customer, planType: 'monthly' | 'yearly' = 'monthly'): Promise<string> {
    const { returnUrl } = await this.approveNewSubscription(customer, planType);
    const subscriptionId = returnUrl.searchParams.get('subscription_id')!;
    const activated = await this.as(customer, 'POST', '/api/paypal/activate-subscription', { subscriptionId });
    expect(activated.statusCode, activated.body).toBe(200);
    await this.settleWebhooks();
    return subscriptionId;
  }

  async status(customer: Customer) {
    const response = await this.as(customer, 'GET', '/api/subscription-status');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
}
