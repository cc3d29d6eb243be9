// A sending worker in its own process, for the crash and fault tests. Settings come from the
// environment. By default it drains one organization's mail once (as a drain would) until the test
// kills it with SIGKILL. With MODE=loop it runs the drain loop as a server instance does (sweeps,
// drain leases of DRAIN_LEASE_MS, renewed), and on SIGTERM stops it gracefully and exits 0.
import Fastify from 'fastify';
import { createSecretBox } from '../../crypto/secret-box.js';
import { loadSecretsKey } from '../../crypto/secrets-key.js';
import { connectDatabase } from '../../db/client.js';
import { testConfig } from '../../test-support/test-config.js';
import { drainTenant } from '../drain-tenant.js';
import { createNotificationServices } from '../notification-services.js';

const { DATABASE_URL, TENANT_ID, LEASE_MS, MODE, DRAIN_LEASE_MS, SWEEP_MS, ...env } = process.env;
if (!DATABASE_URL || !LEASE_MS) throw new Error('DATABASE_URL and LEASE_MS are required');
if (MODE === 'loop' ? !DRAIN_LEASE_MS || !SWEEP_MS : !TENANT_ID) throw new Error('MODE=loop needs DRAIN_LEASE_MS and SWEEP_MS; a single drain needs TENANT_ID');

const config = testConfig(Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)));
const database = connectDatabase(DATABASE_URL, 5);
const services = createNotificationServices({
  config,
  tenantGraph: { db: database.db, secretBox: createSecretBox(await loadSecretsKey(config)), graph: { ...config.graph }, clock: () => new Date() },
  log: Fastify({ logger: false }).log,
  send: { leaseMs: Number(LEASE_MS), workerId: `crash-test-worker#${process.pid}` },
});
if (MODE === 'loop') {
  process.once('SIGTERM', () => {
    void services.drains.stop().then(async () => {
      await database.close();
      process.stdout.write('stopped\n');
      process.exit(0);
    });
  });
  services.drains.start(services, services.log, {
    drainSliceMs: 600_000,
    maxDrainWaitMs: 60_000,
    drainWorkers: 1,
    sweepIntervalMs: Number(SWEEP_MS),
    leaseMs: Number(DRAIN_LEASE_MS),
  });
  process.stdout.write('draining\n');
} else {
  process.stdout.write('draining\n');
  await drainTenant(services, TENANT_ID!, { deadline: new Date(Date.now() + 600_000), maxWaitMs: 60_000 });
  process.stdout.write('drained\n');
  await database.close();
}
