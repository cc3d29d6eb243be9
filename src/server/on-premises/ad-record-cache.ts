// Built AD record indexes kept between checks (docs/architecture.md §Hybrid directories): loading
// and indexing 100,000 records cost a synced check more than the rest of its on-premises work, yet
// they change only when a connector commits a new snapshot. An entry is keyed by everything the
// index was built from (each domain's current snapshot id, name, time and freshness), so a check
// that finds another snapshot, or one gone stale, builds afresh: every instance stays right
// without being told. Least recently used organizations are dropped past a bound on records.
import type { AdRecordIndex } from './ad-record-index.js';

export class AdRecordIndexCache {
  /** By organization, least recently used first. */
  private readonly entries = new Map<string, { key: string; index: AdRecordIndex }>();
  private records = 0;

  constructor(private readonly maxRecords: number) {}

  /** The index built for `key`, if it is still here. */
  get(tenantId: string, key: string): AdRecordIndex | undefined {
    const entry = this.entries.get(tenantId);
    if (entry?.key !== key) return undefined;
    this.entries.delete(tenantId);
    this.entries.set(tenantId, entry);
    return entry.index;
  }

  /** Keeps `index` as the organization's (replacing its older one), unless it alone is over the bound. */
  set(tenantId: string, key: string, index: AdRecordIndex): void {
    this.forget(tenantId);
    if (index.size > this.maxRecords) return;
    this.entries.set(tenantId, { key, index });
    this.records += index.size;
    for (const [oldest] of this.entries) {
      if (this.records <= this.maxRecords) break;
      this.forget(oldest);
    }
  }

  /** Drops the organization's index (a new snapshot was committed). */
  forget(tenantId: string): void {
    const entry = this.entries.get(tenantId);
    if (!entry) return;
    this.entries.delete(tenantId);
    this.records -= entry.index.size;
  }

  /** Records held, all organizations together. */
  get size(): number {
    return this.records;
  }
}
