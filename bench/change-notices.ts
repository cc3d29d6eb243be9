// What the triggers that announce an organization's changes (docs/architecture.md §Reads kept
// between changes) add to a check's writes: 100,000 users written as a check writes them (upserts
// of 1,000 rows, then the delete of the rows not seen), in rounds that alternate between the
// triggers enabled and disabled on password_expirations, after a first round that fills the table.
// Prints each round's time and the medians.
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

const database = await startBenchDatabase(4);
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
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
  console.log(
    `${formatCount(USERS)} users a check: median ${formatCount(median(times.enabled))} ms with the triggers, ` +
      `${formatCount(median(times.disabled))} ms without (${(median(times.enabled) / median(times.disabled)).toFixed(2)}x)`,
  );
} finally {
  await database.stop();
}
