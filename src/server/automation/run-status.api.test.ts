import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunStatus } from '../../shared/api/run-status.js';
import { NotificationHarness, waitFor, type Customer } from '../notifications/test-support/notification-harness.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

async function runStatus(customer: Customer, runId: string): Promise<RunStatus> {
  const response = await harness.request(customer, 'GET', `/api/run-status/${runId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Polls the run as the page does, until it is done. */
async function untilDone(customer: Customer, runId: string): Promise<RunStatus> {
  let status = await runStatus(customer, runId);
  await waitFor(
    async () => {
      status = await runStatus(customer, runId);
      return status.done;
    },
    20_000,
    'the run to finish sending',
  );
  return status;
}

describe('GET /api/run-status', () => {
  it('follows a check from reading the directory to the last reminder sent', async () => {
    const customer = await harness.createCustomer({ users: 20 });
    expect((await harness.request(customer, 'GET', '/api/run-status')).json()).toEqual({ run: null });

    const check = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(check.statusCode, check.body).toBe(200);
    const { summary, message } = check.json();
    expect(summary.queued).toBeGreaterThan(0);

    const latest = (await harness.request(customer, 'GET', '/api/run-status')).json().run as RunStatus;
    expect(latest).toMatchObject({ trigger: 'manual', status: 'completed', usersRead: summary.scannedUsers, remindersQueued: summary.queued, message });

    const done = await untilDone(customer, latest.id);
    expect(done).toMatchObject({ id: latest.id, done: true, sent: summary.queued, failed: 0, waiting: 0 });
    expect(harness.mail(customer)).toHaveLength(summary.queued);
  });

  it('counts the reminders Graph refused as failed, not sent', async () => {
    const customer = await harness.createCustomer({ users: 10 });
    // Admin consent without Mail.Send: every sendMail answers 403 ErrorAccessDenied.
    customer.directory.tenant.grantConsent(customer.directory.credentials.applicationId, [
      'User.Read.All',
      'Group.Read.All',
      'GroupMember.Read.All',
      'Directory.Read.All',
    ]);
    const check = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(check.statusCode, check.body).toBe(200);
    const { summary } = check.json();
    expect(summary.queued).toBeGreaterThan(0);
    const runId = ((await harness.request(customer, 'GET', '/api/run-status')).json().run as RunStatus).id;
    const done = await untilDone(customer, runId);
    expect(done).toMatchObject({ sent: 0, remindersQueued: summary.queued });
    expect(done.failed + done.waiting).toBe(summary.queued);
    expect(harness.mail(customer)).toHaveLength(0);
  });

  it("answers 404 for another organization's run and 400 for an id that is not one", async () => {
    const owner = await harness.createCustomer({ users: 3 });
    expect((await harness.request(owner, 'POST', '/api/run-check', {})).statusCode).toBe(200);
    const runId = ((await harness.request(owner, 'GET', '/api/run-status')).json().run as RunStatus).id;

    const stranger = await harness.createCustomer({ users: 3 });
    const foreign = await harness.request(stranger, 'GET', `/api/run-status/${runId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such password check in this organization');
    expect((await harness.request(stranger, 'GET', '/api/run-status')).json()).toEqual({ run: null });
    // Naming the owner's organization does not help: the stranger is no member of it.
    expect((await harness.request({ cookie: stranger.cookie, tenantId: owner.tenantId }, 'GET', `/api/run-status/${runId}`)).statusCode).toBe(404);

    const malformed = await harness.request(owner, 'GET', "/api/run-status/1'%20OR%201=1");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Run ID must be the ID of a password check');
    expect((await harness.app.inject({ method: 'GET', url: `/api/run-status/${runId}` })).statusCode).toBe(401);
  });
});
