// 1,000 organizations due in the same minute, run by one app instance and then by two: each
// instance is a job-runner process of its own (bench/support/scheduler-instance.ts: pg-boss, the
// automation jobs with CHECK_CONCURRENCY and the drain loop, as main.ts starts them, without HTTP)
// on a real PostgreSQL (embedded in a temporary folder, or DATABASE_URL), and the Graph simulator
// (another process) serves every organization's directory with a latency added to each request.
// Times are counted from the minute the checks were due, so they include the wait for the minute
// tick. Prints, next to the targets: time until the last check started and until the last one
// finished, mails queued, and duplicates (a second check of an organization's day, a second
// ledger row or a second mail to a user: must be 0).
// Also prints how busy the whole machine's CPUs were meanwhile (every process on it: PostgreSQL, the
// simulator and the instances share them, so a second instance cannot make the run shorter than the
// CPUs allow).
//   npx tsx bench/scheduler.ts  [--tenants 1000] [--users 200] [--latency 20] [--pool 20] [--concurrency N]
// (--concurrency unset: CHECK_CONCURRENCY's default, half of the pool.)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { scheduleBasis } from '../src/server/automation/schedule-decision.js';
import { createSecretBox } from '../src/server/crypto/secret-box.js';
import type { Database } from '../src/server/db/client.js';
import { automationSchedules, tenants, users } from '../src/server/db/schema/index.js';
import { formatCount } from './support/figures.js';
import { startBenchDatabase } from './support/bench-database.js';
import { createBenchOrganization, type SimulatedTenant, UNUSED_PROVIDER_SETTINGS } from './support/bench-organization.js';
import { startGraphSimulatorProcess, type GraphSimulatorProcess } from './support/graph-simulator-process.js';

const TARGET_LAST_START_S = 60;
const TARGET_LAST_FINISH_S = 600;
const TARGET_TWO_INSTANCES_RATIO = 0.6;
/** A run that has not finished by then is reported as it stands. */
const RUN_LIMIT_MS = 15 * 60_000;

const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: '1000' },
    users: { type: 'string', default: '200' },
    latency: { type: 'string', default: '20' },
    concurrency: { type: 'string' },
    pool: { type: 'string', default: '20' },
  },
});
const tenantCount = Number(values.tenants);
const usersPerTenant = Number(values.users);
const latencyMs = Number(values.latency);

interface RunFigures {
  instances: number;
  concurrency: number;
  tickStartS: number;
  firstStartS: number;
  lastStartS: number;
  lastFinishS: number;
  completed: number;
  failed: number;
  mailsQueued: number;
  mailsSent: number;
  duplicateChecks: number;
  duplicateLedgerRows: number;
  duplicateMails: number;
  cpuBusy: number;
}

/** Busy and total CPU time of the machine so far (/proc/stat, all CPUs), in clock ticks. */
async function machineCpu(): Promise<{ busy: number; total: number }> {
  const fields = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** Every organization (owner, active subscription, saved configuration for its simulated tenant), a few at a time. */
async function createOrganizations(db: Database, secretKey: Buffer, directories: readonly SimulatedTenant[]): Promise<void> {
  const deps = { db, secretBox: createSecretBox(secretKey), clock: () => new Date() };
  for (let start = 0; start < directories.length; start += 20) {
    await Promise.all(
      directories.slice(start, start + 20).map((directory, offset) => createBenchOrganization(deps, directory, { index: start + offset, timeZone: 'UTC' })),
    );
  }
}

/** The next whole minute at least `leadMs` away: every organization's check time, its schedule set as the minute tick would have left it. */
async function scheduleAll(db: Database, leadMs: number): Promise<Date> {
  const due = new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);
  const checkTime = due.toISOString().slice(11, 16);
  await db.execute(sql`update configurations set check_time = ${checkTime}, time_zone = 'UTC', weekend_processing = 'include', automation_enabled = true`);
  const basis = scheduleBasis({ checkTime, timeZone: 'UTC', weekendProcessing: 'include' });
  await db.execute(sql`
    insert into ${automationSchedules} (tenant_id, next_run_at, basis) select id, ${due.toISOString()}, ${basis} from ${tenants}
    on conflict (tenant_id) do update set next_run_at = excluded.next_run_at, basis = excluded.basis, last_run_day = null`);
  return due;
}

async function resetData(db: Database): Promise<void> {
  await db.execute(sql`truncate ${tenants}, ${users} cascade`);
  // pg-boss's tables exist once an instance has started.
  if ((await db.execute<{ table: string | null }>(sql`select to_regclass('pgboss.job')::text as table`)).rows[0]?.table) {
    await db.execute(sql`delete from pgboss.job where name like 'automation-%'`);
  }
}

/** An instance process, once its workers run, with the CHECK_CONCURRENCY it runs with. */
function startInstance(env: Record<string, string>): Promise<{ child: ChildProcess; concurrency: number }> {
  const entry = fileURLToPath(new URL('./support/scheduler-instance.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
      const ready = /ready (\d+)/.exec(output);
      if (ready) resolve({ child, concurrency: Number(ready[1]) });
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code} before it was ready:\n${output}`)));
  });
}

async function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await once(child, 'exit');
  clearTimeout(timer);
}

async function runWith(
  instanceCount: number,
  db: Database,
  databaseUrl: string,
  secretKey: Buffer,
  simulator: GraphSimulatorProcess,
  directories: readonly SimulatedTenant[],
): Promise<RunFigures> {
  await resetData(db);
  await simulator.control('DELETE', 'mail').catch(() => undefined);
  await createOrganizations(db, secretKey, directories);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(values.pool),
    ...(values.concurrency ? { CHECK_CONCURRENCY: values.concurrency } : {}),
    SECRETS_ENCRYPTION_KEY: secretKey.toString('base64'),
    GRAPH_API_URL: simulator.baseUrl,
    ENTRA_AUTHORITY_URL: simulator.baseUrl,
    ...UNUSED_PROVIDER_SETTINGS,
  };
  const instances: ChildProcess[] = [];
  let concurrency = 0;
  try {
    for (let index = 0; index < instanceCount; index += 1) {
      const started = await startInstance(env);
      instances.push(started.child);
      concurrency = started.concurrency;
    }
    const due = await scheduleAll(db, 15_000);
    const deadline = due.getTime() + RUN_LIMIT_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now())));
    const cpuAtDue = await machineCpu();
    let progress = { done: 0, completed: 0, failed: 0 };
    while (progress.done < directories.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { rows } = await db.execute<{ completed: number; failed: number }>(
        sql`select count(*) filter (where status = 'completed')::int as completed,
          count(*) filter (where status = 'failed')::int as failed from automation_runs where trigger = 'schedule'`,
      );
      progress = { completed: rows[0]!.completed, failed: rows[0]!.failed, done: rows[0]!.completed + rows[0]!.failed };
    }
    const cpuAtEnd = await machineCpu();
    const [times] = (
      await db.execute<{ tick_start: string; first_start: string; last_start: string; last_finish: string }>(
        sql`select (select min(started_on)::text from pgboss.job where name = 'automation-tick' and started_on >= ${due.toISOString()}) as tick_start,
          min(started_at)::text as first_start, max(started_at)::text as last_start, max(finished_at)::text as last_finish
          from automation_runs where trigger = 'schedule'`,
      )
    ).rows;
    const mail = await db.execute<{ queued: number; sent: number; duplicates: number }>(sql`
      select count(*)::int as queued, count(*) filter (where state = 'sent')::int as sent,
        (select count(*)::int from (
          select 1 from email_sends where kind = 'reminder' group by tenant_id, graph_user_id, local_day having count(*) > 1) as twice) as duplicates
      from email_sends where kind = 'reminder'`);
    const checks = await db.execute<{ duplicates: number }>(sql`
      select coalesce(sum(n - 1), 0)::int as duplicates from (
        select count(*) as n from audit_logs where message like 'Password check (scheduled): %' group by tenant_id) as per_tenant`);
    const sent = await simulator.control<{ value: { tenantId: string; to: string[] }[] }>('GET', 'mail');
    const seen = new Set<string>();
    let duplicateMails = 0;
    for (const message of sent.value) {
      for (const to of message.to) {
        const key = `${message.tenantId}|${to}`;
        if (seen.has(key)) duplicateMails += 1;
        seen.add(key);
      }
    }
    const seconds = (at: string | undefined) => (at ? (Date.parse(at) - due.getTime()) / 1000 : Number.NaN);
    return {
      instances: instanceCount,
      concurrency,
      tickStartS: seconds(times?.tick_start),
      firstStartS: seconds(times?.first_start),
      lastStartS: seconds(times?.last_start),
      lastFinishS: progress.done === directories.length ? seconds(times?.last_finish) : Number.NaN,
      completed: progress.completed,
      failed: progress.failed,
      mailsQueued: mail.rows[0]!.queued,
      mailsSent: mail.rows[0]!.sent,
      duplicateChecks: checks.rows[0]!.duplicates,
      duplicateLedgerRows: mail.rows[0]!.duplicates,
      duplicateMails,
      cpuBusy: (cpuAtEnd.busy - cpuAtDue.busy) / (cpuAtEnd.total - cpuAtDue.total),
    };
  } finally {
    for (const child of instances) await stopInstance(child);
  }
}

const simulator = await startGraphSimulatorProcess();
const database = await startBenchDatabase(10);
try {
  const directories: SimulatedTenant[] = [];
  for (let index = 0; index < tenantCount; index += 1) {
    directories.push(await simulator.control<SimulatedTenant>('POST', 'tenants', { users: usersPerTenant, seed: 300_000 + index }));
  }
  await simulator.control('PUT', 'faults', { latencyMs });
  const secretKey = randomBytes(32);
  const one = await runWith(1, database.handle.db, database.url, secretKey, simulator, directories);
  const two = await runWith(2, database.handle.db, database.url, secretKey, simulator, directories);

  const seconds = (value: number) => (Number.isNaN(value) ? 'not reached' : `${value.toFixed(1)} s`);
  const row = (label: string, first: string, second: string, target: string) =>
    console.log(`  ${label.padEnd(34)}${first.padStart(14)}${second.padStart(16)}   ${target}`);
  const ratio = two.lastFinishS / one.lastFinishS;
  console.log(
    `scheduler: ${formatCount(tenantCount)} organizations of ${usersPerTenant} users, ${latencyMs} ms per Graph request, all due in the same minute; ` +
      `each instance a job-runner process with CHECK_CONCURRENCY=${one.concurrency} and ${values.pool} database connections`,
  );
  row('', 'one instance', 'two instances', 'target');
  row('minute tick started after due', seconds(one.tickStartS), seconds(two.tickStartS), '');
  row('first check started after due', seconds(one.firstStartS), seconds(two.firstStartS), '');
  row('last check started after due', seconds(one.lastStartS), seconds(two.lastStartS), `<= ${TARGET_LAST_START_S} s`);
  row('last check finished after due', seconds(one.lastFinishS), seconds(two.lastFinishS), `<= ${TARGET_LAST_FINISH_S} s on one instance`);
  row('two instances / one', '', Number.isNaN(ratio) ? 'n/a' : `${ratio.toFixed(2)}x`, `<= ${TARGET_TWO_INSTANCES_RATIO}x`);
  row('checks completed / failed', `${one.completed} / ${one.failed}`, `${two.completed} / ${two.failed}`, `${tenantCount} / 0`);
  row(
    'mails queued (sent so far)',
    `${formatCount(one.mailsQueued)} (${formatCount(one.mailsSent)})`,
    `${formatCount(two.mailsQueued)} (${formatCount(two.mailsSent)})`,
    '',
  );
  row('machine CPU busy from due to done', `${(one.cpuBusy * 100).toFixed(0)} %`, `${(two.cpuBusy * 100).toFixed(0)} %`, '');
  const duplicates = (figures: RunFigures) => figures.duplicateChecks + figures.duplicateLedgerRows + figures.duplicateMails;
  row('duplicates (checks, ledger, mails)', String(duplicates(one)), String(duplicates(two)), '0');
  const met =
    one.lastStartS <= TARGET_LAST_START_S &&
    two.lastStartS <= TARGET_LAST_START_S &&
    one.lastFinishS <= TARGET_LAST_FINISH_S &&
    ratio <= TARGET_TWO_INSTANCES_RATIO &&
    duplicates(one) + duplicates(two) === 0;
  process.exitCode = met ? 0 : 1;
} finally {
  await database.stop();
  await simulator.stop();
}
