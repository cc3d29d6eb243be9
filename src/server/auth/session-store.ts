import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
import { memberships, sessions } from '../db/schema/index.js';
import { announceSessionEnds, type SessionEnd, type SessionLookupCache } from './session-lookup-cache.js';

export interface SessionPolicy {
  idleTimeoutMs: number;
  maxAgeMs: number;
}

export interface ActiveSession {
  userId: string;
  idToken: string | null;
}

export type MembershipRole = (typeof memberships.$inferSelect)['role'];

// Extending the idle deadline on every request would write on every request; once a minute is
// precise enough for a timeout measured in days.
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SessionStore {
  /** `cache`: lookups kept briefly (the app's; without it every lookup reads the database). */
  constructor(
    private readonly db: Database,
    private readonly policy: SessionPolicy,
    private readonly clock: Clock,
    private readonly cache: SessionLookupCache | null = null,
  ) {
    this.sessionQuery = SessionStore.sessionSelect(db, sql`false`).prepare('session_by_token');
    this.sessionWithMembershipQuery = SessionStore.sessionSelect(db, eq(memberships.tenantId, sql.placeholder('tenantId'))).prepare(
      'session_by_token_with_membership',
    );
  }

  /** Starts a session and returns the token for the cookie. */
  async create(userId: string, idToken: string | null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      idToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: this.deadline(now, now),
    });
    return token;
  }

  /** The live session for a cookie token, sliding its idle deadline; null when unknown or expired. */
  async find(token: string): Promise<ActiveSession | null> {
    const found = await this.lookup(token, null);
    return found && { userId: found.userId, idToken: found.idToken };
  }

  /**
   * As find, with the user's role in `tenantId` (null when not a member) read by the same query:
   * every tenant-scoped request needs both, and one round trip to the database instead of two is
   * what a busy dashboard notices.
   */
  async findWithMembership(token: string, tenantId: string): Promise<(ActiveSession & { role: MembershipRole | null }) | null> {
    return this.lookup(token, tenantId);
  }

  // Every request runs one of these: prepared once, so neither this process nor PostgreSQL builds
  // and plans the statement again.
  private readonly sessionQuery;
  private readonly sessionWithMembershipQuery;

  private static sessionSelect(db: Database, membershipOf: SQL) {
    return db
      .select({
        userId: sessions.userId,
        idToken: sessions.idToken,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        role: memberships.role,
      })
      .from(sessions)
      .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), membershipOf))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))));
  }

  private async lookup(token: string, tenantId: string | null): Promise<(ActiveSession & { role: MembershipRole | null }) | null> {
    const now = this.clock();
    const tokenHash = hashToken(token);
    let row = this.cache?.find(tokenHash, tenantId, now) ?? null;
    if (!row) {
      const generation = this.cache?.currentGeneration() ?? 0;
      [row = null] = await (tenantId === null
        ? this.sessionQuery.execute({ tokenHash, now })
        : this.sessionWithMembershipQuery.execute({ tokenHash, now, tenantId }));
      if (!row) return null;
      this.cache?.keep(tokenHash, tenantId, row, generation, now);
    }
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const expiresAt = this.deadline(row.createdAt, now);
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
      // A kept lookup is the same object: it carries the new deadline from here on.
      row.lastSeenAt = now;
      row.expiresAt = expiresAt;
    }
    return { userId: row.userId, idToken: row.idToken, role: row.role };
  }

  async delete(token: string): Promise<void> {
    await this.end(eq(sessions.tokenHash, hashToken(token)), { session: hashToken(token) });
  }

  /** Ends every session of a user, on every device; returns how many. */
  async deleteAllOfUser(userId: string): Promise<number> {
    return this.end(eq(sessions.userId, userId), { user: userId });
  }

  private async end(which: SQL, announced: SessionEnd): Promise<number> {
    const removed = await this.ending([announced], (tx) => tx.delete(sessions).where(which).returning({ tokenHash: sessions.tokenHash }));
    return removed.length;
  }

  /**
   * Runs `change`, which ends sessions or memberships (signing out; deleting an account and the
   * organizations it alone owns), in a transaction that announces `ends` to every instance, and
   * forgets them on this one at once: no instance answers from a lookup it kept of them.
   */
  async ending<T>(ends: readonly SessionEnd[], change: (tx: Transaction) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const changed = await change(tx);
      await announceSessionEnds(tx, ends);
      return changed;
    });
    for (const end of ends) this.cache?.forget(end);
    return result;
  }

  /** Removes expired sessions; returns how many. */
  async sweepExpired(): Promise<number> {
    const removed = await this.db.delete(sessions).where(lt(sessions.expiresAt, this.clock())).returning({ tokenHash: sessions.tokenHash });
    return removed.length;
  }

  private deadline(createdAt: Date, now: Date): Date {
    return new Date(Math.min(now.getTime() + this.policy.idleTimeoutMs, createdAt.getTime() + this.policy.maxAgeMs));
  }
}
