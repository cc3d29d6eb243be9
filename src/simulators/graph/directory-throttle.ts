// Cost-based throttling of directory reads (docs/domain.md §Throttling and Retry-After): each app has a budget of resource
// units per 10 seconds in each tenant, sized by the tenant; a request that costs more than what is
// left answers 429 with the time until the bucket has refilled enough.
import type { SimTenant } from './directory.js';
import { tooManyRequests } from './errors.js';
import type { GraphSimulatorState } from './state.js';

export interface TokenBucket {
  units: number;
  /** Epoch ms of the last refill. */
  updatedAt: number;
}

const WINDOW_MS = 10_000;

/** Units per 10 s for a tenant of this many users: <50, 50-500, >500. */
export function directoryBudgetFor(userCount: number): number {
  if (userCount < 50) return 3_500;
  if (userCount <= 500) return 5_000;
  return 8_000;
}

export interface DirectoryRequestCost {
  /** Cost without query options. */
  base: number;
  /** `$select` takes one unit off. */
  selected: boolean;
}

/** Resource units of a request: list users/groups 2, transitiveMembers 5, single reads 1; `$select` -1. */
export function resourceUnits({ base, selected }: DirectoryRequestCost): number {
  return Math.max(1, base - (selected ? 1 : 0));
}

/** Takes `units` from the (app, tenant) bucket or throws 429 with Retry-After. */
export function chargeDirectoryUnits(state: GraphSimulatorState, tenant: SimTenant, appId: string, units: number): void {
  const budget = state.settings.directoryBudgetPer10Seconds ?? directoryBudgetFor(tenant.users.length);
  const now = state.clock().getTime();
  const key = `${tenant.id}|${appId}`;
  const bucket = state.directoryBuckets.get(key) ?? { units: budget, updatedAt: now };
  const refillPerMs = budget / WINDOW_MS;
  bucket.units = Math.min(budget, bucket.units + Math.max(0, now - bucket.updatedAt) * refillPerMs);
  bucket.updatedAt = now;
  state.directoryBuckets.set(key, bucket);
  if (bucket.units < units) {
    const waitMs = (units - bucket.units) / refillPerMs;
    throw tooManyRequests({ retryAfterSeconds: state.faults.throttleWithoutRetryAfter ? null : waitMs / 1000 });
  }
  bucket.units -= units;
}
