/**
 * The simulator's state as plain JSON and back, so a state file outlives a restart: Maps become
 * entry arrays, Dates ISO strings. The signing key is not part of it (it is regenerated each start).
 */
import type {
  Approval,
  DeliveryAttempt,
  DeliveryStatus,
  FailedPayment,
  IdempotentResponse,
  Plan,
  Product,
  SimulatorState,
  Subscription,
  Transaction,
  WebhookEvent,
  WebhookEventRecord,
} from './simulator-state.js';

export const SNAPSHOT_VERSION = 1;

/** What JSON.parse gives back for a value of type T once its Dates became ISO strings. */
type Json<T> = T extends Date ? string : T extends readonly (infer Item)[] ? Json<Item>[] : T extends object ? { [Key in keyof T]: Json<T[Key]> } : T;

/** An event keeps only its exact bytes; the parsed event is derived from them again. */
interface EventRecordSnapshot {
  body: string;
  status: DeliveryStatus;
  deliveries: DeliveryAttempt[];
}

export interface StateSnapshot {
  version: typeof SNAPSHOT_VERSION;
  /** How far the simulated clock runs ahead of the wall clock. */
  clockOffsetMs: number;
  products: [string, Json<Product>][];
  plans: [string, Json<Plan>][];
  subscriptions: [string, Json<Subscription>][];
  transactions: [string, Json<Transaction>][];
  approvals: [string, Json<Approval>][];
  events: [string, EventRecordSnapshot][];
  idempotentResponses: [string, Json<IdempotentResponse>][];
  accessTokens: [string, string][];
}

export interface RestoredState {
  state: SimulatorState;
  clockOffsetMs: number;
}

/** A snapshot that cannot be restored: not this format, another version, or damaged. */
export class UnreadableSnapshotError extends Error {
  override name = 'UnreadableSnapshotError';
}

export function snapshotState(state: SimulatorState, clockOffsetMs: number): StateSnapshot {
  return {
    version: SNAPSHOT_VERSION,
    clockOffsetMs,
    products: entriesOf(state.products, toJson),
    plans: entriesOf(state.plans, toJson),
    subscriptions: entriesOf(state.subscriptions, toJson),
    transactions: entriesOf(state.transactions, toJson),
    approvals: entriesOf(state.approvals, toJson),
    events: entriesOf(state.events, ({ body, status, deliveries }) => ({ body, status, deliveries: toJson(deliveries) })),
    idempotentResponses: entriesOf(state.idempotentResponses, toJson),
    accessTokens: entriesOf(state.accessTokens, toJson),
  };
}

/** Throws UnreadableSnapshotError for anything snapshotState did not write. */
export function restoreState(json: unknown): RestoredState {
  if (!isObject(json)) throw new UnreadableSnapshotError('The state snapshot is not a JSON object.');
  if (json.version !== SNAPSHOT_VERSION) {
    throw new UnreadableSnapshotError(`Unknown state snapshot version ${JSON.stringify(json.version)}; this simulator reads version ${SNAPSHOT_VERSION}.`);
  }
  const snapshot = json as unknown as StateSnapshot;
  if (typeof snapshot.clockOffsetMs !== 'number' || !Number.isFinite(snapshot.clockOffsetMs)) {
    throw new UnreadableSnapshotError('The state snapshot has no clock offset.');
  }
  try {
    return {
      clockOffsetMs: snapshot.clockOffsetMs,
      state: {
        products: mapOf(snapshot.products, restoreProduct),
        plans: mapOf(snapshot.plans, restorePlan),
        subscriptions: mapOf(snapshot.subscriptions, restoreSubscription),
        transactions: mapOf(snapshot.transactions, restoreTransaction),
        approvals: mapOf(snapshot.approvals, (approval) => approval),
        events: mapOf(snapshot.events, restoreEventRecord),
        idempotentResponses: mapOf(snapshot.idempotentResponses, (response) => ({ ...response, expiresAt: date(response.expiresAt) })),
        accessTokens: mapOf(snapshot.accessTokens, date),
      },
    };
  } catch (error) {
    if (error instanceof UnreadableSnapshotError) throw error;
    throw new UnreadableSnapshotError(`The state snapshot is damaged: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function entriesOf<V, S>(map: Map<string, V>, encode: (value: V) => S): [string, S][] {
  return [...map].map(([key, value]) => [key, encode(value)]);
}

/** The types come from the snapshot's declaration; the checks are for files that do not match it. */
function mapOf<S, V>(entries: [string, S][], decode: (value: S) => V): Map<string, V> {
  if (!Array.isArray(entries)) throw new UnreadableSnapshotError('A collection of the state snapshot is missing.');
  return new Map(
    (entries as unknown[]).map((entry) => {
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || entry[1] === null || entry[1] === undefined) {
        throw new UnreadableSnapshotError('A collection of the state snapshot holds something other than [key, value] pairs.');
      }
      return [entry[0], decode(entry[1] as S)] as const;
    }),
  );
}

/** Dates to ISO strings, recursively; undefined properties are left out, as JSON would. */
function toJson<T>(value: T): Json<T> {
  if (value instanceof Date) return value.toISOString() as Json<T>;
  if (Array.isArray(value)) return value.map(toJson) as Json<T>;
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, property]) => property !== undefined)
        .map(([key, property]) => [key, toJson(property)]),
    ) as Json<T>;
  }
  return value as Json<T>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function date(iso: string): Date {
  const instant = typeof iso === 'string' ? new Date(iso) : new Date(Number.NaN);
  if (Number.isNaN(instant.getTime())) throw new UnreadableSnapshotError(`${JSON.stringify(iso)} is not a date.`);
  return instant;
}

const restoreProduct = (product: Json<Product>): Product => ({
  ...product,
  createTime: date(product.createTime),
  updateTime: date(product.updateTime),
});

const restorePlan = (plan: Json<Plan>): Plan => ({
  ...plan,
  createTime: date(plan.createTime),
  updateTime: date(plan.updateTime),
});

function restoreFailedPayment({ nextPaymentRetryTime, ...failed }: Json<FailedPayment>): FailedPayment {
  return {
    ...failed,
    time: date(failed.time),
    ...(nextPaymentRetryTime !== undefined ? { nextPaymentRetryTime: date(nextPaymentRetryTime) } : {}),
  };
}

function restoreSubscription({ billingAnchor, nextBillingTime, lastPayment, lastFailedPayment, ...subscription }: Json<Subscription>): Subscription {
  return {
    ...subscription,
    statusUpdateTime: date(subscription.statusUpdateTime),
    createTime: date(subscription.createTime),
    updateTime: date(subscription.updateTime),
    startTime: date(subscription.startTime),
    ...(billingAnchor !== undefined ? { billingAnchor: date(billingAnchor) } : {}),
    ...(nextBillingTime !== undefined ? { nextBillingTime: date(nextBillingTime) } : {}),
    ...(lastPayment !== undefined ? { lastPayment: { ...lastPayment, time: date(lastPayment.time) } } : {}),
    ...(lastFailedPayment !== undefined ? { lastFailedPayment: restoreFailedPayment(lastFailedPayment) } : {}),
  };
}

function restoreTransaction({ refund, ...transaction }: Json<Transaction>): Transaction {
  return {
    ...transaction,
    time: date(transaction.time),
    ...(refund !== undefined ? { refund: { ...refund, time: date(refund.time) } } : {}),
  };
}

function restoreEventRecord({ body, status, deliveries }: EventRecordSnapshot): WebhookEventRecord {
  if (typeof body !== 'string' || !Array.isArray(deliveries)) throw new UnreadableSnapshotError('A webhook event of the state snapshot is damaged.');
  return { event: JSON.parse(body) as WebhookEvent, body, status, deliveries };
}
