// The one Prometheus registry of the process and the functions feature modules record through
// (docs/operations.md §Metrics). Only this folder imports prom-client. Labels carry bounded values
// only (route templates, states, outcomes), never an address, an organization's name or an id.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
// Process and Node figures (CPU, memory, event-loop lag, handles), prefixed like ours.
collectDefaultMetrics({ register: metricsRegistry, prefix: 'passwatch_' });

const registers = [metricsRegistry];

const httpRequests = new Counter({
  name: 'passwatch_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers,
});
const httpDuration = new Histogram({
  name: 'passwatch_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** A request no route matched: one label value, so a scanner's paths do not grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

export function recordHttpRequest(method: string, route: string, statusCode: number, seconds: number): void {
  const labels = { method, route, status_code: String(statusCode) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

const tenantReads = new Counter({
  name: 'passwatch_tenant_reads_total',
  help: "The dashboard's reads of an organization, by outcome: kept (answered from memory) or read (from the database).",
  labelNames: ['outcome'] as const,
  registers,
});

export function recordTenantRead(outcome: 'kept' | 'read'): void {
  tenantReads.inc({ outcome });
}

export type CheckTrigger = 'schedule' | 'manual';

const checksStarted = new Counter({
  name: 'passwatch_checks_started_total',
  help: 'Password checks started, by trigger (schedule or manual).',
  labelNames: ['trigger'] as const,
  registers,
});
const checksFinished = new Counter({
  name: 'passwatch_checks_finished_total',
  help: 'Password checks ended, by trigger and outcome (completed or failed).',
  labelNames: ['trigger', 'outcome'] as const,
  registers,
});
const checkStartDelay = new Histogram({
  name: 'passwatch_check_start_delay_seconds',
  help: 'How long after its due minute a scheduled check started.',
  buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
  registers,
});
const checkUsersRead = new Histogram({
  name: 'passwatch_check_users_read',
  help: 'Directory users read per completed password check.',
  buckets: [10, 100, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000],
  registers,
});

export function recordCheckStarted(trigger: CheckTrigger): void {
  checksStarted.inc({ trigger });
}

export function recordCheckFinished(trigger: CheckTrigger, outcome: 'completed' | 'failed', usersRead: number | null): void {
  checksFinished.inc({ trigger, outcome });
  if (usersRead !== null) checkUsersRead.observe(usersRead);
}

export function recordCheckStartDelay(seconds: number): void {
  checkStartDelay.observe(Math.max(0, seconds));
}

/** The send ledger's delivery states a mail enters (docs/product.md §States, Delivery states). */
export type LedgerState = 'queued' | 'sent' | 'failed' | 'deferred';

const ledgerTransitions = new Counter({
  name: 'passwatch_reminders_total',
  help: 'Mails of the send ledger (reminders, manual and test mails) entering a delivery state.',
  labelNames: ['state'] as const,
  registers,
});

export function recordReminders(state: LedgerState, count = 1): void {
  if (count > 0) ledgerTransitions.inc({ state }, count);
}

/** Graph or the Entra token endpoint. */
export type GraphEndpoint = 'graph' | 'token';
type GraphOutcome = 'ok' | 'throttled' | '5xx' | 'auth' | 'client_error' | 'network';

const graphRequests = new Counter({
  name: 'passwatch_graph_requests_total',
  help: 'HTTP attempts to Microsoft Graph and the Entra token endpoint, by endpoint and outcome.',
  labelNames: ['endpoint', 'outcome'] as const,
  registers,
});
const graphDuration = new Histogram({
  name: 'passwatch_graph_request_duration_seconds',
  help: 'Time of one attempt to Microsoft Graph or the Entra token endpoint, answer included.',
  labelNames: ['endpoint', 'outcome'] as const,
  buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

/** The outcome class of an answer's status (null: no answer came). */
function graphOutcomeOf(status: number | null): GraphOutcome {
  if (status === null) return 'network';
  if (status >= 200 && status < 300) return 'ok';
  if (status === 429) return 'throttled';
  if (status >= 500) return '5xx';
  if (status === 401 || status === 403) return 'auth';
  return 'client_error';
}

export function recordGraphRequest(endpoint: GraphEndpoint, status: number | null, seconds: number): void {
  const labels = { endpoint, outcome: graphOutcomeOf(status) };
  graphRequests.inc(labels);
  graphDuration.observe(labels, seconds);
}

const retentionDeleted = new Counter({
  name: 'passwatch_retention_deleted_rows_total',
  help: 'Rows the daily retention job deleted, by kind of record.',
  labelNames: ['record'] as const,
  registers,
});

export function recordRetentionDeleted(record: string, count: number): void {
  if (count > 0) retentionDeleted.inc({ record }, count);
}

/** Figures read from the database at each scrape (database-gauges.ts sets them). */
export const sampledGauges = {
  ready: new Gauge({ name: 'passwatch_ready', help: '1 when the database answers and the migrations are applied (as /api/ready), else 0.', registers }),
  sendQueueDepth: new Gauge({
    name: 'passwatch_send_queue_depth',
    help: 'Mails of the send ledger waiting or in flight, by state (queued, deferred, sending).',
    labelNames: ['state'] as const,
    registers,
  }),
  sendQueueOldestAge: new Gauge({
    name: 'passwatch_send_queue_oldest_age_seconds',
    help: 'How long the longest-waiting mail that is due has waited past its due time (0 when none).',
    registers,
  }),
  drainLeases: new Gauge({ name: 'passwatch_mailbox_leases_held', help: 'Organizations whose mail an instance is sending under a live lease.', registers }),
  outbox: new Gauge({
    name: 'passwatch_account_mail_outbox',
    help: 'Rows of the account-mail outbox, by state (queued, sending, sent, failed).',
    labelNames: ['state'] as const,
    registers,
  }),
  outboxOldestQueuedAge: new Gauge({
    name: 'passwatch_account_mail_outbox_oldest_queued_age_seconds',
    help: 'How long the longest-waiting due account mail has waited past its due time (0 when none).',
    registers,
  }),
  configurationAlertWindowOldestAge: new Gauge({
    name: 'passwatch_configuration_alert_window_oldest_age_seconds',
    help: 'How long the oldest configuration-change window not yet mailed has been open (0 when none); normally at most its quarter hour and a minute.',
    registers,
  }),
  jobQueueDepth: new Gauge({
    name: 'passwatch_job_queue_depth',
    help: 'pg-boss jobs not yet finished, by queue and state (created, retry, active).',
    labelNames: ['queue', 'state'] as const,
    registers,
  }),
  poolConnections: new Gauge({
    name: 'passwatch_db_pool_connections',
    help: "This instance's database pool connections, by state (in_use, idle).",
    labelNames: ['state'] as const,
    registers,
  }),
  poolWaiting: new Gauge({ name: 'passwatch_db_pool_waiting', help: 'Queries waiting for a free connection of the pool.', registers }),
};
