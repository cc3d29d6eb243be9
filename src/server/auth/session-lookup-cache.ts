import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.js';
import { NoticeListener } from '../db/notice-listener.js';
import type { memberships } from '../db/schema/index.js';

/** The PostgreSQL channel on which every instance hears that sessions or memberships ended. */
const CHANNEL = 'passwatch_session_ends';

/**
 * What ended: one session (sign-out), every session of a user, every membership of an
 * organization, or one member's membership as it was (a role changed, a member removed or left).
 */
export type SessionEnd = { session: string } | { user: string } | { tenant: string } | { member: { tenant: string; user: string } };

function encode(end: SessionEnd): string {
  if ('session' in end) return `session:${end.session}`;
  if ('user' in end) return `user:${end.user}`;
  if ('tenant' in end) return `tenant:${end.tenant}`;
  return `member:${end.member.tenant}:${end.member.user}`;
}

function decode(payload: string | undefined): SessionEnd | null {
  const [kind, id, user] = (payload ?? '').split(':', 3);
  if (!id) return null;
  if (kind === 'session') return { session: id };
  if (kind === 'user') return { user: id };
  if (kind === 'tenant') return { tenant: id };
  if (kind === 'member' && user) return { member: { tenant: id, user } };
  return null;
}

function ends(end: SessionEnd, entry: { tokenHash: string; tenantId: string | null; lookup: { userId: string } }): boolean {
  if ('session' in end) return entry.tokenHash === end.session;
  if ('user' in end) return entry.lookup.userId === end.user;
  if ('tenant' in end) return entry.tenantId === end.tenant;
  return entry.tenantId === end.member.tenant && entry.lookup.userId === end.member.user;
}

/**
 * Tells every instance (this one included) that sessions or memberships ended, inside the
 * caller's transaction: PostgreSQL delivers the notice when, and only if, the change commits.
 */
export async function announceSessionEnds(db: Pick<Database, 'execute'>, ends: readonly SessionEnd[]): Promise<void> {
  if (ends.length === 0) return;
  await db.execute(
    sql`select ${sql.join(
      ends.map((end) => sql`pg_notify(${CHANNEL}, ${encode(end)})`),
      sql`, `,
    )}`,
  );
}

export interface CachedLookup {
  userId: string;
  idToken: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  role: (typeof memberships.$inferSelect)['role'] | null;
}

interface Entry {
  lookup: CachedLookup;
  tokenHash: string;
  tenantId: string | null;
  until: number;
}

// Many sessions polling at once stay far below this; past it the map starts over.
const MAX_ENTRIES = 10_000;
// Announcements make the cache correct; the bound on age only limits what a change made outside
// the app (by hand in the database) leaves behind.
const DEFAULT_TTL_MS = 5_000;

/**
 * Session lookups (the session and the user's role in the organization asked for) kept for a few
 * seconds, so a dashboard's burst of requests reads them once. Correctness rests on PostgreSQL's
 * LISTEN/NOTIFY: whatever ends a session or a membership announces it (announceSessionEnds) and
 * every instance drops what it kept of it as the notice arrives, so signing out, signing out
 * everywhere and deleting an account take effect on every instance. Nothing is kept while this
 * instance is not listening (not yet connected, or the connection was lost), and a lookup that
 * raced an announcement is not kept. Only positive answers are kept: a user who just joined an
 * organization is never told they are not a member.
 */
export class SessionLookupCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listener: NoticeListener;
  /** Moves on every announcement: a lookup read before it is not kept. */
  private generation = 0;

  constructor(
    pool: pg.Pool,
    onListenError: (error: Error) => void = () => {},
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {
    this.listener = new NoticeListener(pool, CHANNEL, {
      onNotice: (payload) => {
        const end = decode(payload);
        if (end) this.forget(end);
      },
      onDeaf: () => this.stopKeeping(),
      onError: onListenError,
    });
  }

  /** Starts listening; until it does (or after the connection is lost), nothing is kept. */
  start(): Promise<void> {
    return this.listener.start();
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  /** The generation to pass to `keep` for a lookup about to read the database. */
  currentGeneration(): number {
    return this.generation;
  }

  find(tokenHash: string, tenantId: string | null, now: Date): CachedLookup | null {
    if (!this.listener.listening) return null;
    const key = keyOf(tokenHash, tenantId);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= now.getTime() || entry.lookup.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.lookup;
  }

  keep(tokenHash: string, tenantId: string | null, lookup: CachedLookup, generation: number, now: Date): void {
    if (!this.listener.listening || generation !== this.generation) return;
    if (tenantId !== null && lookup.role === null) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(keyOf(tokenHash, tenantId), { lookup, tokenHash, tenantId, until: now.getTime() + this.ttlMs });
  }

  /** Drops what was kept of an ended session, user or membership, or a changed role (this instance's own changes, at once). */
  forget(end: SessionEnd): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (ends(end, entry)) this.entries.delete(key);
  }

  private stopKeeping(): void {
    this.generation++;
    this.entries.clear();
  }
}

const keyOf = (tokenHash: string, tenantId: string | null) => `${tokenHash} ${tenantId ?? ''}`;
