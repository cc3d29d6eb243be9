// A sending worker in its own process, for the crash test: it drains one organization's mail
// (as a drain job would) until the test kills it with SIGKILL. Settings come from the environment.
import Fastify from 'fastify';
import { createSecretBox } from '../../crypto/secret-box.js';
import { loadSecretsKey } from '../../crypto/secrets-key.js';
import { connectDatabase } from '../../db/client.js';
import { testConfig } from '../../test-support/test-config.js';
import { drainTenant } from '../drain-tenant.js';
import { createNotificationServices } from '../notification-services.js';

const { DATABASE_URL, TENANT_ID, LEASE_MS, ...env } = process.env;
if (!DATABASE_URL || !TENANT_ID || !LEASE_MS) throw new Error('DATABASE_URL, TENANT_ID and LEASE_MS are required');

const config = testConfig(Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)));
const database = connectDatabase(DATABASE_URL, 5);
const services = createNotificationServices({
  config,
  tenantGraph: { db: database.db, secretBox: createSecretBox(await loadSecretsKey(config)), graph: { ...config.graph }, clock: () => new Date() },
  log: Fastify({ logger: false }).log,
  send: { leaseMs: Number(LEASE_MS), workerId: `crash-test-worker#${process.pid}` },
});
process.stdout.write('draining\n');
await drainTenant(services, TENANT_ID, { deadline: new Date(Date.now() + 600_000), maxWaitMs: 60_000 });
process.stdout.write('drained\n');
await database.close();
