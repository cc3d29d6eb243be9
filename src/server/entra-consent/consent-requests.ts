import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { ConsentReturnPage } from '../../shared/api/entra-consent.js';
import type { Database } from '../db/client.js';
import { entraConsentRequests } from '../db/schema/index.js';

/** Long enough to sign in at Microsoft and read the permissions; a state older than this is refused. */
const CONSENT_REQUEST_TTL_MS = 10 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface ConsentRequestOwner {
  tenantId: string;
  userId: string;
  sessionToken: string;
  returnTo: ConsentReturnPage;
}

/** A new single-use `state` for the admin-consent URL, remembered by its hash. Expired requests are dropped on the way. */
export async function startConsentRequest(db: Database, owner: ConsentRequestOwner, now: Date): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await db.delete(entraConsentRequests).where(lt(entraConsentRequests.expiresAt, now));
  await db.insert(entraConsentRequests).values({
    stateHash: sha256(state),
    tenantId: owner.tenantId,
    userId: owner.userId,
    sessionHash: sha256(owner.sessionToken),
    returnTo: owner.returnTo,
    expiresAt: new Date(now.getTime() + CONSENT_REQUEST_TTL_MS),
    createdAt: now,
  });
  return state;
}

export type ConsumedConsentRequest =
  | { outcome: 'valid'; tenantId: string; userId: string; returnTo: ConsentReturnPage }
  | { outcome: 'expired'; returnTo: ConsentReturnPage }
  | { outcome: 'invalid' };

/**
 * Takes the request `state` names out (so it works once, whatever comes of it), and checks it came
 * back to the session that started it and in time. A state from another session counts as unknown.
 */
export async function consumeConsentRequest(db: Database, state: string, sessionToken: string | null, now: Date): Promise<ConsumedConsentRequest> {
  const [row] = await db
    .delete(entraConsentRequests)
    .where(eq(entraConsentRequests.stateHash, sha256(state)))
    .returning();
  if (!row || sessionToken === null || row.sessionHash !== sha256(sessionToken)) return { outcome: 'invalid' };
  if (row.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired', returnTo: row.returnTo };
  return { outcome: 'valid', tenantId: row.tenantId, userId: row.userId, returnTo: row.returnTo };
}
