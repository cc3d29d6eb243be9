import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_PATH } from '../../shared/api/data-export.js';
import { roleMessages } from '../../shared/domain/member-roles.js';
import { auditLogs, emailSends, memberships, passwordExpirations } from '../db/schema/index.js';
import { type Customer, NotificationHarness, waitFor } from '../notifications/test-support/notification-harness.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';
import { exportArchive } from './export-archive.js';

let harness: NotificationHarness;
let first: Customer;
let second: Customer;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
  first = await harness.createCustomer({ users: 15 });
  second = await harness.createCustomer({ users: 8 });
  for (const customer of [first, second]) {
    const check = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(check.statusCode, check.body).toBe(200);
    const queued: number = check.json().summary.queued;
    await waitFor(() => harness.mail(customer).length === queued, 20_000, 'the reminders to be sent');
  }
});
afterAll(async () => {
  await harness?.close();
});

/** CSV rows without the header, the byte-order mark removed. */
function csvRows(file: Uint8Array | undefined): string[] {
  expect(file).toBeDefined();
  const lines = strFromU8(file!)
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.slice(1);
}

async function exportOf(customer: Customer) {
  const response = await harness.request(customer, 'GET', DATA_EXPORT_PATH);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="passwatch-export-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzipSync(new Uint8Array(response.rawPayload));
}

/** The harness's database, counting the reads the export starts (not the harness's own background work). */
function countingReads() {
  const counter = { reads: 0 };
  const db = new Proxy(harness.database.db, {
    get(target, property, receiver) {
      if (property === 'select') counter.reads += 1;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db, counter };
}

describe('GET /api/organization/export', () => {
  it("gives the owner the organization's configuration, users table, send ledger and audit log, and nothing of another's", async () => {
    const files = await exportOf(first);
    expect(Object.keys(files).sort()).toEqual(['audit-log.csv', 'configuration.json', 'send-ledger.csv', 'users.csv']);
    const { db } = harness.database;

    const configuration = JSON.parse(strFromU8(files['configuration.json']!));
    expect(configuration).toMatchObject({ configured: true, fromEmail: expect.any(String) });
    // The client secret is never exported, only whether one is stored.
    expect(strFromU8(files['configuration.json']!)).not.toContain(first.directory.credentials.clientSecret);

    const users = await db.select().from(passwordExpirations).where(eq(passwordExpirations.tenantId, first.tenantId));
    const userRows = csvRows(files['users.csv']);
    expect(userRows).toHaveLength(users.length);
    for (const user of users) expect(userRows.some((row) => row.includes(`"${user.userEmail}"`))).toBe(true);

    const ledger = await db.select().from(emailSends).where(eq(emailSends.tenantId, first.tenantId));
    expect(ledger.length).toBeGreaterThan(0);
    const ledgerRows = csvRows(files['send-ledger.csv']);
    expect(ledgerRows).toHaveLength(ledger.length);
    expect(ledgerRows.every((row) => row.includes('"sent"'))).toBe(true);

    // The audit log as it was when the export started, the export's own entry included.
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.tenantId, first.tenantId));
    const auditRows = csvRows(files['audit-log.csv']);
    expect(auditRows.length).toBeGreaterThanOrEqual(audit.length - 1);
    expect(auditRows.at(-1)).toContain('Data export downloaded by');

    // Tenant isolation: none of the second organization's people or mail.
    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    for (const message of harness.mail(second)) expect(everything).not.toContain(message.to[0]);
    const theirs = await db.select().from(passwordExpirations).where(eq(passwordExpirations.tenantId, second.tenantId));
    for (const user of theirs) expect(everything).not.toContain(user.userEmail);
  });

  it('answers 404 to someone outside the organization and 403 to a member who is not its owner', async () => {
    const outsider = await harness.request({ cookie: second.cookie, tenantId: first.tenantId }, 'GET', DATA_EXPORT_PATH);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.headers['content-type']).toContain('application/json');

    const { db } = harness.database;
    const member = await createUser(db);
    await db.insert(memberships).values({ tenantId: first.tenantId, userId: member.id, role: 'admin' });
    const refused = await harness.request({ cookie: await sessionCookieFor(db, member), tenantId: first.tenantId }, 'GET', DATA_EXPORT_PATH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(roleMessages.forbidden('admin', 'owner'));

    expect((await harness.app.inject({ method: 'GET', url: DATA_EXPORT_PATH })).statusCode).toBe(401);
  });

  it('reads the tables page by page, every row once', async () => {
    const archive = exportArchive(harness.database.db, first.tenantId, { configured: true }, 4);
    const chunks: Buffer[] = [];
    for await (const chunk of archive) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const users = await harness.database.db.select().from(passwordExpirations).where(eq(passwordExpirations.tenantId, first.tenantId));
    const rows = csvRows(files['users.csv']);
    expect(rows).toHaveLength(users.length);
    expect(new Set(rows).size).toBe(users.length);
  });

  it('stops reading when the client goes away', async () => {
    const whole = countingReads();
    for await (const _ of exportArchive(whole.db, first.tenantId, { configured: true }, 1));

    const aborted = countingReads();
    const archive = exportArchive(aborted.db, first.tenantId, { configured: true }, 1);
    await new Promise<void>((resolve) => archive.once('data', () => resolve()));
    archive.destroy();
    // Until the reading has settled: no read for a while.
    let seen = -1;
    while (seen !== aborted.counter.reads) {
      seen = aborted.counter.reads;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(aborted.counter.reads).toBeLessThan(whole.counter.reads / 2);
  });
});
