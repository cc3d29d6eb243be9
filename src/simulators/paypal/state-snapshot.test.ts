import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorState } from './simulator-state.js';
import { restoreState, snapshotState, SNAPSHOT_VERSION, UnreadableSnapshotError, type StateSnapshot } from './state-snapshot.js';
import { startPayPalTestHarness, type PayPalTestHarness } from './test-support/paypal-test-harness.js';

let harness: PayPalTestHarness;
let state: SimulatorState;
let subscriptionId: string;

/** A state with every optional field filled: a failed payment with its retry time, a refund, idempotency records. */
beforeAll(async () => {
  harness = await startPayPalTestHarness();
  const { monthlyPlanId } = await harness.createCatalog();
  const { id, approveUrl } = await harness.createSubscription(monthlyPlanId);
  subscriptionId = id;
  await harness.pressOnApprovalPage(approveUrl, 'Approve');
  const renewal = await harness.control('POST', `/_control/subscriptions/${id}/renew`);
  await harness.control('POST', `/_control/transactions/${renewal.body.transaction.id}/refund`);
  await harness.control('POST', `/_control/subscriptions/${id}/fail-payment`, { reason_code: 'INSUFFICIENT_FUNDS' });
  await harness.api('POST', '/v1/catalogs/products', { name: 'Other', type: 'SERVICE' }, { 'PayPal-Request-Id': 'product-1' });
  await harness.createSubscription(monthlyPlanId);
  state = harness.simulator.state;
});
afterAll(() => harness.close());

function roundTrip(snapshot: StateSnapshot): unknown {
  return JSON.parse(JSON.stringify(snapshot));
}

describe('snapshotState / restoreState', () => {
  it('gives back an equal state, Dates as Dates, after a trip through JSON text', () => {
    const subscription = state.subscriptions.get(subscriptionId);
    expect(subscription?.lastFailedPayment?.nextPaymentRetryTime).toBeInstanceOf(Date);
    expect([...state.transactions.values()].some((t) => t.refund)).toBe(true);
    expect(state.idempotentResponses.size).toBe(1);

    const restored = restoreState(roundTrip(snapshotState(state, 86_400_000)));

    expect(restored).toEqual({ state, clockOffsetMs: 86_400_000 });
    const restoredSubscription = restored.state.subscriptions.get(subscriptionId);
    expect(restoredSubscription?.billingAnchor).toBeInstanceOf(Date);
    expect(restoredSubscription?.lastFailedPayment?.time).toBeInstanceOf(Date);
    expect([...restored.state.accessTokens.values()][0]).toBeInstanceOf(Date);
  });

  it('is plain JSON: Maps as entry arrays, Dates as ISO strings, events as their exact bytes', () => {
    const snapshot = snapshotState(state, 0);
    expect(roundTrip(snapshot)).toEqual(snapshot);
    expect(snapshot.version).toBe(SNAPSHOT_VERSION);
    const [id, subscription] = snapshot.subscriptions[0] ?? [];
    expect(id).toBe(subscriptionId);
    expect(subscription?.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [eventId, event] = snapshot.events[0] ?? [];
    expect(event?.body).toBe(state.events.get(eventId ?? '')?.body);
  });

  it('keeps the exact event bytes, so a resent event is byte-identical', () => {
    const restored = restoreState(roundTrip(snapshotState(state, 0)));
    for (const [id, record] of state.events) {
      expect(restored.state.events.get(id)?.body).toBe(record.body);
      expect(restored.state.events.get(id)?.event).toEqual(record.event);
    }
  });

  // Functions, because the table is built before beforeAll has made the state.
  it.each<[string, (snapshot: StateSnapshot) => unknown]>([
    ['not an object', () => null],
    ['another version', (snapshot) => ({ ...snapshot, version: 2 })],
    ['no clock offset', (snapshot) => ({ ...snapshot, clockOffsetMs: 'soon' })],
    ['a missing collection', (snapshot) => ({ ...snapshot, plans: undefined })],
    ['an entry that is not a pair', (snapshot) => ({ ...snapshot, products: [['PROD-1']] })],
    ['a date that is not one', (snapshot) => ({ ...snapshot, accessTokens: [['A21AAtoken', 'tomorrow']] })],
    ['a damaged event', (snapshot) => ({ ...snapshot, events: [['WH-1', { body: '{"id":', status: 'delivered', deliveries: [] }]] })],
  ])('refuses a snapshot with %s', (_case, damage) => {
    const json = JSON.parse(JSON.stringify(damage(snapshotState(state, 0)) ?? null)) as unknown;
    expect(() => restoreState(json)).toThrow(UnreadableSnapshotError);
  });
});
