import type pg from 'pg';
import { recordTenantRead } from '../metrics/registry.js';
import { NoticeListener } from './notice-listener.js';

/** The channel on which PostgreSQL's triggers announce every change to what the kept reads read (migration 0022). */
const CHANNEL = 'passwatch_tenant_data';
/** The payload of a change no one organization can be named for. */
const EVERYTHING = '*';

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
// Announcements make what is kept correct; the bound on age only limits what a change the
// triggers cannot see (none is known) would leave behind.
const DEFAULT_MAX_AGE_MS = 60_000;

/** A read's result and about how many bytes of memory it holds. */
export interface Kept<T> {
  value: T;
  bytes: number;
}

interface Entry {
  tenantId: string;
  value: unknown;
  bytes: number;
  keptAt: number;
}

export interface TenantReadCacheOptions {
  /** Off: every read goes to the database. */
  enabled: boolean;
  onListenError?: (error: Error) => void;
  maxBytes?: number;
  maxAgeMs?: number;
}

/**
 * Reads of an organization's data that the dashboard repeats (its stat cards, users table,
 * configuration and latest activity), kept by each instance until the data changes
 * (docs/architecture.md §Reads kept between changes). Correctness rests on PostgreSQL: triggers on
 * every table these reads read announce the organization when a change commits, and every
 * instance drops what it kept of it as the notice arrives; this instance's own requests that may
 * change something drop it at once (`forget`), before they answer. Nothing is kept while this
 * instance is not listening, and a read that raced a change of its organization is not kept.
 * What depends on the clock is never kept: a caller keeps rows and counts and works out the
 * answer from them and the time at every request, and a value computed for "today" says so
 * through `isCurrent`. Values are shared between requests: callers must not change them.
 */
export class TenantReadCache {
  /** In order of use, least recent first. */
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfTenant = new Map<string, Set<string>>();
  private bytes = 0;
  /** Moves on every change announced. */
  private generation = 0;
  /** While reads are in flight: the generation of each organization's latest change. */
  private readonly changedAt = new Map<string, number>();
  private everythingChangedAt = 0;
  private readsInFlight = 0;
  private readonly listener: NoticeListener | null;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;

  constructor(pool: pg.Pool, options: TenantReadCacheOptions) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.listener = options.enabled
      ? new NoticeListener(pool, CHANNEL, {
          onNotice: (payload) => this.forget(payload === EVERYTHING ? null : payload),
          onDeaf: () => this.forget(null),
          onError: options.onListenError ?? (() => {}),
        })
      : null;
  }

  async start(): Promise<void> {
    await this.listener?.start();
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }

  /**
   * `load`'s value, or the one kept from an earlier call with the same organization and key while
   * nothing of the organization changed since and `isCurrent` holds for it.
   */
  async read<T>(tenantId: string, key: string, load: () => Promise<Kept<T>>, isCurrent: (value: T) => boolean = () => true): Promise<T> {
    const entryKey = `${tenantId} ${key}`;
    const entry = this.entries.get(entryKey);
    if (entry) {
      if (this.listening && Date.now() - entry.keptAt < this.maxAgeMs && isCurrent(entry.value as T)) {
        this.entries.delete(entryKey);
        this.entries.set(entryKey, entry);
        recordTenantRead('kept');
        return entry.value as T;
      }
      this.drop(entryKey, entry);
    }
    recordTenantRead('read');
    const started = this.generation;
    this.readsInFlight++;
    try {
      const kept = await load();
      if (this.listening && !this.changedSince(tenantId, started)) this.keep(entryKey, tenantId, kept);
      return kept.value;
    } finally {
      this.readsInFlight--;
      if (this.readsInFlight === 0) this.changedAt.clear();
    }
  }

  /** Drops what was kept of an organization (null: of every organization), and keeps no read begun before. */
  forget(tenantId: string | null): void {
    this.generation++;
    if (tenantId === null) {
      this.everythingChangedAt = this.generation;
      this.entries.clear();
      this.keysOfTenant.clear();
      this.bytes = 0;
      return;
    }
    if (this.readsInFlight > 0) this.changedAt.set(tenantId, this.generation);
    const keys = this.keysOfTenant.get(tenantId);
    if (!keys) return;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry) this.drop(key, entry);
    }
  }

  private get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  private changedSince(tenantId: string, generation: number): boolean {
    return this.everythingChangedAt > generation || (this.changedAt.get(tenantId) ?? 0) > generation;
  }

  private keep(entryKey: string, tenantId: string, kept: Kept<unknown>): void {
    if (kept.bytes > this.maxBytes) return;
    const earlier = this.entries.get(entryKey);
    if (earlier) this.drop(entryKey, earlier);
    // The least recently used go first.
    for (const [key, entry] of this.entries) {
      if (this.bytes + kept.bytes <= this.maxBytes) break;
      this.drop(key, entry);
    }
    this.entries.set(entryKey, { tenantId, value: kept.value, bytes: kept.bytes, keptAt: Date.now() });
    this.bytes += kept.bytes;
    let keys = this.keysOfTenant.get(tenantId);
    if (!keys) {
      keys = new Set();
      this.keysOfTenant.set(tenantId, keys);
    }
    keys.add(entryKey);
  }

  private drop(entryKey: string, entry: Entry): void {
    this.entries.delete(entryKey);
    this.bytes -= entry.bytes;
    const keys = this.keysOfTenant.get(entry.tenantId);
    keys?.delete(entryKey);
    if (keys?.size === 0) this.keysOfTenant.delete(entry.tenantId);
  }
}
