// The app (one or more instances, each with its own pg-boss workers) on one fresh database, with
// Microsoft Graph played by the simulator on loopback. Each customer gets an organization, an
// active subscription, a generated Entra tenant in the simulator and a saved configuration.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  addTenant,
  createGraphSimulator,
  generateTenant,
  type GeneratedTenant,
  type GraphSimulator,
  type SentMessage,
  type SimulatorSettings,
} from '../../../simulators/graph/index.js';
import { buildApp } from '../../app.js';
import { type AutomationJobOptions, registerAutomationJobs } from '../../automation/index.js';
import { OidcProvider } from '../../auth/index.js';
import type { DatabaseHandle } from '../../db/client.js';
import { TokenCache } from '../../integrations/graph/index.js';
import { startJobs, type JobRunner } from '../../jobs/job-runner.js';
import { createOrganization, createUser, sessionCookieFor } from '../../test-support/factories.js';
import { testConfig } from '../../test-support/test-config.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { DEFAULT_EMAIL_TEMPLATE } from '../default-template.js';
import type { SendSettings } from '../deliver-email.js';
import { DAY_MS } from '../../../shared/domain/day-length.js';

/** The generated tenants' domain policy (generateTenant's default). */
const SIMULATED_VALIDITY_DAYS = 90;

export interface Instance {
  app: FastifyInstance;
  jobs: JobRunner | null;
}

export interface Customer {
  user: Awaited<ReturnType<typeof createUser>>;
  cookie: string;
  tenantId: string;
  directory: GeneratedTenant;
}

export interface HarnessOptions {
  /** Environment settings (MAIL_RATE_PER_MINUTE...). */
  env?: Record<string, string>;
  send?: Partial<SendSettings>;
  simulator?: Partial<SimulatorSettings>;
  jobs?: Partial<AutomationJobOptions>;
  /** Every instance's Graph and Entra requests go through this (tests: hold a request, count them). */
  graphFetch?: typeof fetch;
  /** A migrated database of the test's own (one it stops and restarts); by default a fresh one on the test run's server. */
  database?: DatabaseHandle & { url: string };
}

let seed = 1000;

export class NotificationHarness {
  readonly instances: Instance[] = [];

  private constructor(
    readonly database: DatabaseHandle & { url: string },
    readonly simulator: GraphSimulator,
    readonly graphUrl: string,
    private readonly options: HarnessOptions,
  ) {}

  static async start(options: HarnessOptions = {}): Promise<NotificationHarness> {
    const database = options.database ?? (await createTestDatabase());
    const simulator = createGraphSimulator({ seedDemo: false });
    simulator.state.settings = { ...simulator.state.settings, ...options.simulator };
    const graphUrl = await simulator.listen(0, '127.0.0.1');
    return new NotificationHarness(database, simulator, graphUrl, options);
  }

  /**
   * Fast mail limits at both ends (3,000 a minute), so checks of a few dozen users send in about a
   * second, and one app instance with its job workers: what the end-to-end API tests run against.
   */
  static async startWithFastMail(): Promise<NotificationHarness> {
    const harness = await NotificationHarness.start({ env: { MAIL_RATE_PER_MINUTE: '3000' }, simulator: { mailMessagesPerMinute: 3000 } });
    await harness.startInstance();
    return harness;
  }

  /** Environment for an app instance pointed at the simulator. */
  env(): Record<string, string> {
    return { GRAPH_API_URL: this.graphUrl, ENTRA_AUTHORITY_URL: this.graphUrl, GRAPH_REQUEST_TIMEOUT_MS: '5000', ...this.options.env };
  }

  /** An app instance; with `jobs`, its pg-boss workers too (as main.ts starts them). */
  async startInstance({ jobs = true, env = {} }: { jobs?: boolean; env?: Record<string, string> } = {}): Promise<Instance> {
    const config = testConfig({ ...this.env(), ...env });
    const app = await buildApp({
      config,
      db: this.database.db,
      oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
      graph: { tokenCache: new TokenCache(), ...(this.options.graphFetch ? { fetch: this.options.graphFetch } : {}) },
      send: { backoff: { baseMs: 50, maxMs: 500, random: () => 0.5 }, ...this.options.send },
    });
    const runner = jobs
      ? await startJobs(
          this.database.pool,
          [
            (boss) =>
              registerAutomationJobs(boss, app.notifications, { pollingIntervalSeconds: 0.5, checkConcurrency: config.checkConcurrency, ...this.options.jobs }),
          ],
          {
            onError: (error) => app.log.error(error),
          },
        )
      : null;
    const instance = { app, jobs: runner };
    this.instances.push(instance);
    return instance;
  }

  get app(): FastifyInstance {
    const first = this.instances[0];
    if (!first) throw new Error('start an instance first');
    return first.app;
  }

  /**
   * A customer whose Entra tenant has `users` users. By default every regular member changed
   * their password `massResetDaysAgo` (85) days ago under a 90-day policy: they all expire in
   * 4-5 days, inside the default 7-day window.
   */
  async createCustomer(
    options: { users?: number; massResetDaysAgo?: number | null; subscribed?: boolean; configuration?: Record<string, unknown> } = {},
  ): Promise<Customer> {
    const { db } = this.database;
    const user = await createUser(db);
    const cookie = await sessionCookieFor(db, user);
    const tenant = await createOrganization(db, user, { name: 'Contoso Ltd', subscriptionStatus: options.subscribed === false ? 'none' : 'active' });
    const massReset = options.massResetDaysAgo === undefined ? 85 : options.massResetDaysAgo;
    seed += 1;
    const directory = generateTenant({ users: options.users ?? 30, seed, now: new Date(), ...(massReset === null ? {} : { massResetDaysAgo: massReset }) });
    addTenant(this.simulator.state, directory);
    const customer = { user, cookie, tenantId: tenant.id, directory };
    const saved = await this.request(customer, 'PUT', '/api/configuration', configurationBodyFor(directory, options.configuration));
    expect(saved.statusCode, saved.body).toBe(200);
    return customer;
  }

  request(
    customer: Pick<Customer, 'cookie' | 'tenantId'>,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    app = this.app,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url,
      headers: { cookie: customer.cookie, 'x-tenant-id': customer.tenantId },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }

  /** What the simulator accepted for the customer's tenant. */
  mail(customer: Customer): SentMessage[] {
    return this.simulator.state.sentMail.filter((message) => message.tenantId === customer.directory.credentials.directoryId);
  }

  async close(): Promise<void> {
    for (const instance of this.instances) {
      await instance.app.notifications.drains.stop();
      await instance.jobs?.stop();
      await instance.app.close();
    }
    await this.simulator.close();
    await this.database.close();
  }
}

/** The PUT /api/configuration body a customer starts with (the generated tenant, checks at 08:00 UTC), with `overrides`. */
export function configurationBodyFor(directory: GeneratedTenant, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tenantId: directory.credentials.directoryId,
    azureDirectoryId: directory.credentials.directoryId,
    applicationId: directory.credentials.applicationId,
    clientSecret: directory.credentials.clientSecret,
    fromEmail: directory.credentials.fromEmail,
    emailTemplate: DEFAULT_EMAIL_TEMPLATE,
    checkTime: '08:00',
    timeZone: 'UTC',
    daysBeforeExpiration: 7,
    weekendProcessing: 'include',
    automationEnabled: true,
    includeGroups: [],
    excludeGroups: [],
    passwordValidityDays: 365,
    ...overrides,
  };
}

/**
 * Who should get a reminder today, read straight from the simulated directory with the plain rules
 * (not the product's code): enabled members with a mailbox address whose password expiry, under
 * the tenant's 90-day policy, falls within `days` days in UTC, expiry day included.
 */
export function expectedRecipients(customer: Customer, now: Date, days = 7): string[] {
  const today = Math.floor(now.getTime() / DAY_MS);
  return customer.directory.tenant.users
    .filter((user) => user.userType === 'Member' && user.accountEnabled && user.mail !== null && user.lastPasswordChangeDateTime !== null)
    .filter((user) => !(user.passwordPolicies ?? '').includes('DisablePasswordExpiration'))
    .filter((user) => {
      const expiryDay = Math.floor((user.lastPasswordChangeDateTime! + SIMULATED_VALIDITY_DAYS * DAY_MS) / DAY_MS);
      return expiryDay - today >= 0 && expiryDay - today <= days;
    })
    .map((user) => user.mail!)
    .sort();
}

/** Recipients of the given messages with how often each got one. */
export function recipientCounts(messages: readonly SentMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) for (const address of message.to) counts.set(address, (counts.get(address) ?? 0) + 1);
  return counts;
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
