import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPayments, billingSubscriptions, memberships, notificationPreferences, sessions, tenants, users } from '../db/schema/index.js';
import { BillingHarness } from '../billing/test-support/billing-test-harness.js';
import { createOrganization } from '../test-support/factories.js';

let harness: BillingHarness;

beforeAll(async () => {
  harness = await BillingHarness.start();
});
afterAll(async () => {
  await harness?.close();
});

const signedIn = (cookie: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  harness.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('notification preferences', () => {
  it('starts from the documented defaults and persists each change for the user', async () => {
    const alice = await harness.customer();
    const bob = await harness.customer();
    const defaults = { emailNotifications: true, weeklyReports: true, securityAlerts: true, systemUpdates: false };
    expect((await signedIn(alice.cookie, 'GET', '/api/notification-preferences')).json()).toEqual(defaults);

    const first = await signedIn(alice.cookie, 'PUT', '/api/notification-preferences', { weeklyReports: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...defaults, weeklyReports: false });
    const second = await signedIn(alice.cookie, 'PUT', '/api/notification-preferences', { systemUpdates: true, emailNotifications: false });
    expect(second.json()).toEqual({ emailNotifications: false, weeklyReports: false, securityAlerts: true, systemUpdates: true });
    expect((await signedIn(alice.cookie, 'GET', '/api/notification-preferences')).json()).toEqual(second.json());
    expect((await signedIn(bob.cookie, 'GET', '/api/notification-preferences')).json()).toEqual(defaults);
  });

  it('refuses anything but booleans for the four toggles, and anonymous callers', async () => {
    const carol = await harness.customer();
    for (const payload of [{ weeklyReports: 'no' }, { marketing: true }]) {
      const response = await signedIn(carol.cookie, 'PUT', '/api/notification-preferences', payload);
      expect(response.statusCode).toBe(400);
    }
    expect((await signedIn(carol.cookie, 'GET', '/api/notification-preferences')).json().weeklyReports).toBe(true);
    expect((await harness.app.inject({ method: 'GET', url: '/api/notification-preferences' })).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'PUT', url: '/api/notification-preferences', payload: {} })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('removes the user, their sessions and memberships, and the organizations they alone own, cancelling their PayPal subscription', async () => {
    const alice = await harness.customer();
    const subscriptionId = await harness.purchase(alice);
    await signedIn(alice.cookie, 'PUT', '/api/notification-preferences', { weeklyReports: false });
    const bob = await harness.customer();
    const carol = await harness.customer();
    const shared = await createOrganization(harness.database.db, alice.user, { name: 'Shared Co' });
    await harness.database.db.insert(memberships).values({ tenantId: shared.id, userId: bob.user.id, role: 'owner' });
    await harness.database.db.insert(memberships).values({ tenantId: carol.tenant.id, userId: alice.user.id, role: 'admin' });

    const response = await signedIn(alice.cookie, 'DELETE', '/api/account', { confirmation: 'DELETE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Account Deleted' });
    expect(String(response.headers['set-cookie'])).toMatch(/pw_session=;.*Expires=Thu, 01 Jan 1970/);

    expect((await signedIn(alice.cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const db = harness.database.db;
    expect(await db.$count(users, eq(users.id, alice.user.id))).toBe(0);
    expect(await db.$count(sessions, eq(sessions.userId, alice.user.id))).toBe(0);
    expect(await db.$count(memberships, eq(memberships.userId, alice.user.id))).toBe(0);
    expect(await db.$count(notificationPreferences, eq(notificationPreferences.userId, alice.user.id))).toBe(0);
    // Her own organization and everything of it are gone; the shared and the foreign one stay.
    expect(await db.$count(tenants, eq(tenants.id, alice.tenant.id))).toBe(0);
    expect(await db.$count(billingSubscriptions, eq(billingSubscriptions.tenantId, alice.tenant.id))).toBe(0);
    expect(await db.$count(billingPayments, eq(billingPayments.tenantId, alice.tenant.id))).toBe(0);
    expect(await db.$count(tenants, inArray(tenants.id, [shared.id, carol.tenant.id]))).toBe(2);
    expect(await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.tenantId, shared.id))).toEqual([{ userId: bob.user.id }]);

    expect(harness.simulator.state.subscriptions.get(subscriptionId)?.status).toBe('CANCELLED');
    // Bob is untouched.
    expect((await signedIn(bob.cookie, 'GET', '/api/auth/user')).statusCode).toBe(200);
    await harness.settleWebhooks();
  });

  it('refuses without the typed DELETE and keeps everything', async () => {
    const dave = await harness.customer();
    const refusals = [
      await harness.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: dave.cookie } }),
      await signedIn(dave.cookie, 'DELETE', '/api/account', {}),
      await signedIn(dave.cookie, 'DELETE', '/api/account', { confirmation: '' }),
      await signedIn(dave.cookie, 'DELETE', '/api/account', { confirmation: 'delete' }),
      await signedIn(dave.cookie, 'DELETE', '/api/account', { confirmation: 'yes' }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Type DELETE to confirm the deletion');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const db = harness.database.db;
    expect(await db.$count(users, eq(users.id, dave.user.id))).toBe(1);
    expect(await db.$count(tenants, eq(tenants.id, dave.tenant.id))).toBe(1);
    expect((await signedIn(dave.cookie, 'GET', '/api/auth/user')).statusCode).toBe(200);

    // Surrounding spaces are forgiven: the word is what counts.
    expect((await signedIn(dave.cookie, 'DELETE', '/api/account', { confirmation: ' DELETE ' })).statusCode).toBe(200);
    expect(await db.$count(users, eq(users.id, dave.user.id))).toBe(0);
  });

  it('requires a session', async () => {
    expect((await harness.app.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(401);
  });
});
