// The dashboard's API under load: 1,000 organizations in a real PostgreSQL (embedded in a temporary
// folder, or DATABASE_URL), the app built as in production (buildApp, request logging included,
// its lines discarded) on a loopback port, every owner signed in and one of them calling, and each
// of the dashboard's routes hit by autocannon (a child process, so the load generator does not
// share the app's event loop) next to a Fastify hello-world started in the same run. Machines
// differ and are often shared: compare the ratio to hello-world, taken in one run, not raw requests
// a second; the CPU time a request costs the app and PostgreSQL (Linux) moves least with the load
// others put on the machine, and the load average printed with them says how much that was.
// Each route is measured twice: as deployed, its reads kept until the organization changes (the
// target applies to this), and read afresh at every request (TENANT_READ_CACHE=false: what the
// first request after a change costs; docs/architecture.md §Reads kept between changes).
// --explain prints, before the load, PostgreSQL's plan and execution time of every statement one
// request of each route runs; --route keeps only the routes whose path contains it (profiling).
//   npx tsx bench/api.ts  [--organizations 1000] [--connections 100] [--seconds 10] [--explain] [--route audit]
import { execFile, execSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { localDateOf } from '../src/shared/domain/days-until.js';
import { addDays } from '../src/shared/domain/local-date.js';
import { buildApp } from '../src/server/app.js';
import { OidcProvider } from '../src/server/auth/oidc-provider.js';
import type { DatabaseHandle } from '../src/server/db/client.js';
import {
  auditLogs,
  automationRuns,
  automationSchedules,
  configurations,
  emailSends,
  memberships,
  passwordExpirations,
  sessions,
  tenants,
  users,
} from '../src/server/db/schema/index.js';
import { DEFAULT_EMAIL_TEMPLATE } from '../src/server/notifications/default-template.js';
import { sessionCookieFor } from '../src/server/test-support/factories.js';
import { formatCount } from './support/figures.js';
import { DAY_MS } from '../src/shared/domain/day-length.js';
import { startBenchDatabase } from './support/bench-database.js';
import { benchAppConfig } from './support/bench-organization.js';

const TARGET_RATIO = 0.1;
const TARGET_P99_MS = 50;
const RECORDS_PER_ORGANIZATION = 200;
const MAILS_PER_ORGANIZATION = 20;
const AUDIT_ENTRIES_PER_ORGANIZATION = 30;
const TIME_ZONE = 'America/New_York';

const { values } = parseArgs({
  options: {
    organizations: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    explain: { type: 'boolean', default: false },
    route: { type: 'string' },
  },
});
const organizationCount = Number(values.organizations);
const connections = Number(values.connections);
const seconds = Number(values.seconds);

/** The routes the dashboard calls when it opens, as the web app calls them. */
const ROUTES = [
  '/api/dashboard-stats',
  '/api/password-expirations?filter=expiring_soon&sort=expiry&direction=asc&page=1&pageSize=25',
  '/api/configuration',
  '/api/audit-logs/5',
].filter((route) => values.route === undefined || route.includes(values.route));

/** Inserts rows in batches that stay below PostgreSQL's 65,535 parameters a statement. */
async function insertBatched<T>(rows: T[], batchSize: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) await insert(rows.slice(start, start + batchSize));
}

/**
 * `organizationCount` subscribed organizations, each with an owner, a saved configuration, a
 * finished check, ~200 users in the users table, some mail (sent today, failed, queued) and audit
 * entries. Returns the owner of the first, to sign in as.
 */
async function loadOrganizations(handle: DatabaseHandle): Promise<typeof users.$inferSelect> {
  const { db } = handle;
  const now = new Date();
  const today = localDateOf(now, TIME_ZONE);
  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: organizationCount }, (_, index) => ({
        issuer: 'https://bench.test',
        subject: `owner-${index}`,
        email: `owner${index}@bench.example.com`,
        firstName: 'Owner',
        lastName: `${index}`,
      })),
    )
    .returning();
  const organizations = await db
    .insert(tenants)
    .values(
      Array.from({ length: organizationCount }, (_, index) => ({
        name: `Bench ${index}`,
        domain: `bench${index}.example.com`,
        subscriptionStatus: 'active' as const,
      })),
    )
    .returning({ id: tenants.id });
  const tenantIds = organizations.map((organization) => organization.id);
  await db.insert(memberships).values(tenantIds.map((tenantId, index) => ({ tenantId, userId: owners[index]!.id, role: 'owner' as const })));
  // Every other owner signed in too, so the session lookup searches a table of realistic size.
  await db.insert(sessions).values(
    owners.slice(1).map((owner) => ({
      tokenHash: randomBytes(32).toString('base64url'),
      userId: owner.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + DAY_MS),
    })),
  );
  await insertBatched(tenantIds, 500, (batch) =>
    db.insert(configurations).values(
      batch.map((tenantId) => ({
        tenantId,
        entraTenantId: randomBytes(16).toString('hex'),
        azureDirectoryId: randomBytes(16).toString('hex'),
        applicationId: randomBytes(16).toString('hex'),
        clientSecretEncrypted: randomBytes(48).toString('base64'),
        clientSecretUpdatedAt: now,
        fromEmail: 'it@bench.example.com',
        emailTemplate: DEFAULT_EMAIL_TEMPLATE,
        checkTime: '08:00',
        timeZone: TIME_ZONE,
        daysBeforeExpiration: 7,
        weekendProcessing: 'include' as const,
        automationEnabled: true,
        passwordValidityDays: 90,
        connectionStatus: 'connected' as const,
        connectionMessage: 'Connected',
        connectionCheckedAt: now,
      })),
    ),
  );
  await db.insert(automationSchedules).values(tenantIds.map((tenantId) => ({ tenantId, nextRunAt: new Date(now.getTime() + DAY_MS), lastRunDay: today })));
  const runs = await db
    .insert(automationRuns)
    .values(
      tenantIds.map((tenantId) => ({
        tenantId,
        trigger: 'schedule' as const,
        localDay: today,
        status: 'completed' as const,
        summary: { usersInScope: RECORDS_PER_ORGANIZATION, expiringUsers: 40, queued: MAILS_PER_ORGANIZATION },
        startedAt: new Date(now.getTime() - 60_000),
        finishedAt: now,
      })),
    )
    .returning({ id: automationRuns.id, tenantId: automationRuns.tenantId });

  const records = tenantIds.flatMap((tenantId) =>
    Array.from({ length: RECORDS_PER_ORGANIZATION }, (_, index) => {
      const daysLeft = (index % 60) - 10;
      const hasDate = index % 10 !== 9;
      return {
        tenantId,
        graphUserId: `user-${index}`,
        userEmail: `user${index}@bench.example.com`,
        userDisplayName: `Bench User ${String(index).padStart(3, '0')}`,
        mailAddress: `user${index}@bench.example.com`,
        passwordExpiresAt: hasDate ? new Date(now.getTime() + daysLeft * DAY_MS) : null,
        expiryDate: hasDate ? addDays(today, daysLeft) : null,
        expiryReason: hasDate ? ('organization_default' as const) : ('never_expires_user_policy' as const),
        validityDays: hasDate ? 90 : null,
        lastNotifiedAt: index % 5 === 0 ? now : null,
        checkedAt: now,
      };
    }),
  );
  await insertBatched(records, 4000, (batch) => db.insert(passwordExpirations).values(batch));

  const states = ['sent', 'sent', 'sent', 'failed', 'queued'] as const;
  const mails = runs.flatMap((run) =>
    Array.from({ length: MAILS_PER_ORGANIZATION }, (_, index) => {
      const state = states[index % states.length]!;
      return {
        tenantId: run.tenantId,
        kind: 'reminder' as const,
        graphUserId: `user-${index}`,
        recipient: `user${index}@bench.example.com`,
        displayName: `Bench User ${index}`,
        expiryDate: addDays(today, 1 + (index % 7)),
        localDay: today,
        threshold: 1 + (index % 7),
        senderMailbox: 'it@bench.example.com',
        state,
        attempts: state === 'queued' ? 0 : 1,
        runId: run.id,
        nextAttemptAt: now,
        createdAt: now,
        sentAt: state === 'sent' ? now : null,
        errorKind: state === 'failed' ? ('recipient_invalid' as const) : null,
        lastError: state === 'failed' ? 'The recipient address was refused.' : null,
      };
    }),
  );
  await insertBatched(mails, 3000, (batch) => db.insert(emailSends).values(batch));

  const entries = tenantIds.flatMap((tenantId) =>
    Array.from({ length: AUDIT_ENTRIES_PER_ORGANIZATION }, (_, index) => ({
      tenantId,
      category: index % 3 === 0 ? 'automation' : 'email',
      status: 'success' as const,
      message: `Bench entry ${index}`,
      details: { sent: index },
      createdAt: new Date(now.getTime() - index * 3_600_000),
    })),
  );
  await insertBatched(entries, 8000, (batch) => db.insert(auditLogs).values(batch));
  // A database at rest, as one in service is: freshly loaded rows would otherwise have the
  // measured requests set their hint bits and race autovacuum and the checkpoint the load caused.
  await handle.pool.query('vacuum analyze');
  await handle.pool.query('checkpoint');
  return owners[0]!;
}

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU time a request cost this process (the app) and PostgreSQL, in microseconds. */
  appCpuUs: number;
  postgresCpuUs: number | null;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const clockTicksPerSecond = process.platform === 'linux' ? Number(execSync('getconf CLK_TCK').toString().trim()) : Number.NaN;

/**
 * CPU time so far of each PostgreSQL backend serving this database, in microseconds (Linux: from
 * /proc; null elsewhere or when the server runs elsewhere). Unlike requests a second, CPU time a
 * request hardly depends on what else the (shared) machine is running.
 */
async function postgresCpuUs(pool: pg.Pool): Promise<Map<number, number> | null> {
  if (!Number.isFinite(clockTicksPerSecond)) return null;
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
  const usage = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) return null;
    // utime and stime: the 12th and 13th fields after the command name's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    usage.set(pid, ((Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond) * 1e6);
  }
  return usage;
}

/** autocannon against `url` in a child process: mean requests a second, p99 latency, failures, CPU a request. */
async function load(url: string, headers: Record<string, string>, pool: pg.Pool): Promise<Figures> {
  const args = [autocannonBin, '-c', String(connections), '-d', String(seconds), '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const appCpuBefore = process.cpuUsage();
  const postgresBefore = await postgresCpuUs(pool);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const postgresAfter = await postgresCpuUs(pool);
  const appCpu = process.cpuUsage(appCpuBefore);
  const result = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p99: number }; non2xx: number; errors: number };
  // A backend that started during the run counts from zero; the pool keeps its connections while busy.
  const postgresCpu = postgresBefore && postgresAfter ? [...postgresAfter].reduce((sum, [pid, used]) => sum + used - (postgresBefore.get(pid) ?? 0), 0) : null;
  const requests = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    appCpuUs: (appCpu.user + appCpu.system) / requests,
    postgresCpuUs: postgresCpu === null ? null : postgresCpu / requests,
  };
}

/**
 * Each statement one request of `route` sends to PostgreSQL (the pool's queries, recorded while
 * the request runs), run again under EXPLAIN ANALYZE: its execution time and the scans it uses.
 */
async function explainRoute(pool: pg.Pool, url: string, headers: Record<string, string>): Promise<string[]> {
  const statements: { text: string; values: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  const recordingPool = pool as unknown as { query: typeof query };
  recordingPool.query = (config, values) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    statements.push({ text, values: values ?? (config as { values?: unknown[] }).values ?? [] });
    return query(config, values);
  };
  try {
    await fetch(url, { headers });
  } finally {
    recordingPool.query = query;
  }
  const lines: string[] = [];
  for (const { text, values: parameters } of statements) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`, parameters);
    const plan = rows.map((row) => row['QUERY PLAN']);
    const scans = [
      ...new Set(
        plan.flatMap((line) => line.match(/(?:Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan) (?:using \S+ )?on \S+|Bitmap Index Scan on \S+/g) ?? []),
      ),
    ];
    lines.push(`    ${plan.find((line) => line.startsWith('Execution Time'))?.padEnd(28)} ${text.replace(/\s+/g, ' ').slice(0, 70)}...`);
    lines.push(`      ${scans.join('; ')}`);
  }
  return lines;
}

/** One line of the table: route, req/s, ratio to hello-world, p99, CPU a request (app, PostgreSQL). */
function tableRow(name: string, figures: Figures, ratio: number | null): string {
  const postgres = figures.postgresCpuUs === null ? 'n/a' : `${formatCount(figures.postgresCpuUs)} us`;
  const cpu = ratio === null ? `${formatCount(figures.appCpuUs)} us` : `${formatCount(figures.appCpuUs)} us, ${postgres}`;
  const ratioText = ratio === null ? '' : `${ratio.toFixed(3)}x`;
  const p99 = `${figures.p99Ms} ms`;
  return `  ${name.padEnd(28)} ${formatCount(figures.requestsPerSecond).padStart(7)}  ${ratioText.padStart(6)}  ` + `${p99.padStart(7)}  ${cpu.padEnd(18)}`;
}

/** Answers that were not 2xx, and requests that failed, when there were any. */
function failuresOf(figures: Figures): string {
  return figures.non2xx + figures.errors > 0 ? `   ${figures.non2xx} non-2xx, ${figures.errors} errors` : '';
}

/** The machine's 1, 5 and 15 minute load averages: how much else was running (Linux, macOS). */
function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

const config = benchAppConfig();
const database = await startBenchDatabase(config.database.poolSize);
const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
let app: FastifyInstance | undefined;
let afresh: FastifyInstance | undefined;
try {
  const startedAt = performance.now();
  const member = await loadOrganizations(database.handle);
  const loaded = `${RECORDS_PER_ORGANIZATION} users, ${MAILS_PER_ORGANIZATION} mails, ${AUDIT_ENTRIES_PER_ORGANIZATION} audit entries each`;
  console.log(`loaded ${formatCount(organizationCount)} organizations (${loaded}) in ${formatCount(performance.now() - startedAt)} ms`);
  const instance = (tenantReadCache: boolean) =>
    buildApp({
      config: { ...config, tenantReadCache },
      db: database.handle.db,
      oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
      logStream: { write: () => {} },
    });
  app = await instance(true);
  afresh = await instance(false);
  const appUrl = await listen(app);
  const afreshUrl = await listen(afresh);
  const helloUrl = await listen(hello);
  const [membership] = await database.handle.pool
    .query<{ tenant_id: string }>('select tenant_id from memberships where user_id = $1', [member.id])
    .then((result) => result.rows);
  const headers = { cookie: await sessionCookieFor(database.handle.db, member), 'x-tenant-id': membership!.tenant_id };
  for (const url of ROUTES.flatMap((route) => [`${appUrl}${route}`, `${afreshUrl}${route}`])) {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  if (values.explain) {
    for (const route of ROUTES) {
      console.log(`  ${route.split('?')[0]}: the statements of one request, under EXPLAIN ANALYZE`);
      for (const line of await explainRoute(database.handle.pool, `${afreshUrl}${route}`, headers)) console.log(line);
    }
  }

  console.log(`${connections} connections, ${seconds} s per route; targets: >= ${TARGET_RATIO}x hello-world, p99 < ${TARGET_P99_MS} ms`);
  console.log(`load average before the load: ${loadAverage()}`);
  console.log(`  ${'route'.padEnd(28)} ${'req/s'.padStart(7)}  ${'ratio'.padStart(6)}  ${'p99'.padStart(7)}  CPU a request: app, PostgreSQL`);
  const baseline = await load(helloUrl, {}, database.handle.pool);
  console.log(tableRow('Fastify hello-world', baseline, null));
  for (const route of ROUTES) {
    const figures = await load(`${appUrl}${route}`, headers, database.handle.pool);
    const ratio = figures.requestsPerSecond / baseline.requestsPerSecond;
    const verdict = ratio >= TARGET_RATIO && figures.p99Ms < TARGET_P99_MS ? 'meets target' : 'misses target';
    console.log(`${tableRow(route.split('?')[0]!, figures, ratio)}   ${verdict}${failuresOf(figures)}`);
    const missed = await load(`${afreshUrl}${route}`, headers, database.handle.pool);
    console.log(`${tableRow('  read afresh', missed, missed.requestsPerSecond / baseline.requestsPerSecond)}${failuresOf(missed)}`);
  }
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await app?.close();
  await afresh?.close();
  await hello.close();
  await database.stop();
}
