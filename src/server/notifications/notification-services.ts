import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { TenantGraphDeps } from '../configuration/index.js';
import type { SendDeps, SendSettings } from './deliver-email.js';
import { DrainRequests } from './drain-requests.js';

/** What sending, checks and the scheduler share: the tenant's Graph access, the send settings, the drain queue. */
export interface NotificationServices extends SendDeps {
  drains: DrainRequests;
  log: FastifyBaseLogger;
}

/** Margin of a send lease beyond the longest Graph call (token request plus sendMail, each within the timeout). */
const LEASE_MARGIN_MS = 30_000;

function sendSettingsFor(config: Pick<AppConfig, 'mail' | 'graph'>, overrides: Partial<SendSettings> = {}): SendSettings {
  return {
    limits: { ...config.mail },
    workerId: `${hostname()}#${process.pid}#${randomUUID().slice(0, 8)}`,
    leaseMs: 2 * config.graph.requestTimeoutMs + LEASE_MARGIN_MS,
    backoff: { baseMs: 1_000, maxMs: 300_000, random: Math.random },
    ...overrides,
  };
}

export function createNotificationServices(input: {
  config: Pick<AppConfig, 'mail' | 'graph'>;
  tenantGraph: TenantGraphDeps;
  log: FastifyBaseLogger;
  send?: Partial<SendSettings>;
}): NotificationServices {
  const log = input.log.child({ module: 'notifications' });
  return {
    ...input.tenantGraph,
    send: sendSettingsFor(input.config, input.send),
    drains: new DrainRequests((tenantId) => log.warn({ tenantId }, 'no job runner attached: queued mail waits for one')),
    log,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sending and automation services; main.ts hands them to the job runner (registerAutomationJobs). */
    notifications: NotificationServices;
  }
}
