// What the triggers that announce an organization's changes (docs/architecture.md §Reads kept
// between changes) cost writers, in rounds that alternate between the triggers enabled and
// disabled on password_expirations (medians printed):
// 1. A check's writes: 100,000 users written as a check writes them (upserts of 1,000 rows, then
//    the delete of the rows not seen), after a first round that fills the table.
// 2. Small transactions side by side: 20 connections each updating one row at a time for 5 s, as
//    the mail ledger's steps do. PostgreSQL serializes the commits of transactions that notify (its
//    notification queue lock), so this is where the triggers cost most.
//   npx tsx bench/change-notices.ts  [--users 100000] [--rounds 6]
import { parseArgs } from 'node:util';
import { removeUncheckedRecords, upsertExpirationRecords } from '../src/server/notifications/index.js';
import { createOrganization, createUser } from '../src/server/test-support/factories.js';
import { DAY_MS } from '../src/shared/domain/day-length.js';
import { startBenchDatabase } from './support/bench-database.js';
import { formatCount } from './support/figures.js';

const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '6' } } });
const USERS = Number(values.users);
const ROUNDS = Number(values.rounds);
// As a check writes them (src/server/automation/run-check.ts).
const BATCH = 1_000;
const WRITERS = 20;
const SMALL_WRITES_MS = 5_000;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

const database = await startBenchDatabase(WRITERS);
const { db, pool } = database.handle;
try {
  const organization = await createOrganization(db, await createUser(db));
  /** One check's writes; each round moves every expiry, so every row is updated. */
  const check = async (round: number): Promise<number> => {
    const checkedAt = new Date(Date.now() + round * 1_000);
    const started = performance.now();
    for (let start = 0; start < USERS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, USERS - start) }, (_, index) => {
        const n = start + index;
        const expiresAt = new Date(Date.UTC(2031, 0, 1) + ((n * 7 + round) % 400) * DAY_MS);
        return {
          tenantId: organization.id,
          graphUserId: `user-${n}`,
          userEmail: `user${n}@contoso.com`,
          userDisplayName: `User ${n}`,
          mailAddress: `user${n}@contoso.com`,
          passwordExpiresAt: expiresAt,
          expiryDate: expiresAt.toISOString().slice(0, 10),
          expiryReason: 'domain_policy' as const,
          validityDays: 90,
          checkedAt,
        };
      });
      await upsertExpirationRecords(db, rows);
    }
    await removeUncheckedRecords(db, organization.id, checkedAt);
    return performance.now() - started;
  };
  await check(0);
  const times = { enabled: [] as number[], disabled: [] as number[] };
  for (let round = 1; round <= ROUNDS; round++) {
    const enabled = round % 2 === 1;
    await pool.query(`alter table password_expirations ${enabled ? 'enable' : 'disable'} trigger user`);
    const ms = await check(round);
    times[enabled ? 'enabled' : 'disabled'].push(ms);
    console.log(`round ${round}: triggers ${enabled ? 'enabled ' : 'disabled'} ${formatCount(ms)} ms`);
  }
  console.log(
    `${formatCount(USERS)} users a check: median ${formatCount(median(times.enabled))} ms with the triggers, ` +
      `${formatCount(median(times.disabled))} ms without (${(median(times.enabled) / median(times.disabled)).toFixed(2)}x)`,
  );

  /** Single-row updates committed a second by WRITERS connections side by side. */
  const smallWrites = async (): Promise<number> => {
    let committed = 0;
    const end = Date.now() + SMALL_WRITES_MS;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let n = writer; Date.now() < end; n += WRITERS) {
          await pool.query('update password_expirations set user_display_name = $3 where tenant_id = $1 and graph_user_id = $2', [
            organization.id,
            `user-${n % USERS}`,
            `User ${n}`,
          ]);
          committed++;
        }
      }),
    );
    return committed / (SMALL_WRITES_MS / 1_000);
  };
  const rates = { enabled: [] as number[], disabled: [] as number[] };
  for (let round = 1; round <= ROUNDS; round++) {
    const enabled = round % 2 === 1;
    await pool.query(`alter table password_expirations ${enabled ? 'enable' : 'disable'} trigger user`);
    const rate = await smallWrites();
    rates[enabled ? 'enabled' : 'disabled'].push(rate);
    console.log(`round ${round}: triggers ${enabled ? 'enabled ' : 'disabled'} ${formatCount(rate)} single-row commits/s`);
  }
  console.log(
    `${WRITERS} writers side by side: median ${formatCount(median(rates.enabled))} commits/s with the triggers, ` +
      `${formatCount(median(rates.disabled))} without (${(median(rates.enabled) / median(rates.disabled)).toFixed(2)}x)`,
  );
} finally {
  await database.stop();
}
