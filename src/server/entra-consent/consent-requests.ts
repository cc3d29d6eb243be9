import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { ConsentReturnPage } from '../../shared/api/entra-consent.js';
import type { Database } from '../db/client.js';
import { entraConsentRequests } from '../db/schema/index.js';
import type { AdminProof } from './admin-proof.js';

/** Long enough to sign in at Microsoft and read the permissions; a state older than this is refused. */
const CONSENT_REQUEST_TTL_MS = 10 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface ConsentRequestOwner {
  tenantId: string;
  userId: string;
  sessionToken: string;
  returnTo: ConsentReturnPage;
}

/** The administrator's sign-in, sent to `authority`, checked by `nonce` and PKCE. */
export interface SignInStep {
  step: 'sign_in';
  authority: string;
  nonce: string;
  codeVerifier: string;
}

/** The admin consent for the tenant the sign-in proved. */
export interface ConsentStep {
  step: 'consent';
  proof: AdminProof;
}

/** A new single-use `state` for a step of Connect with Microsoft, remembered by its hash. Expired requests are dropped on the way. */
export async function startConsentRequest(db: Database, owner: ConsentRequestOwner, step: SignInStep | ConsentStep, now: Date): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await db.delete(entraConsentRequests).where(lt(entraConsentRequests.expiresAt, now));
  await db.insert(entraConsentRequests).values({
    stateHash: sha256(state),
    tenantId: owner.tenantId,
    userId: owner.userId,
    sessionHash: sha256(owner.sessionToken),
    returnTo: owner.returnTo,
    ...(step.step === 'sign_in'
      ? { step: 'sign_in', signInAuthority: step.authority, nonce: step.nonce, codeVerifier: step.codeVerifier }
      : {
          step: 'consent',
          provenTenantId: step.proof.tenantId,
          provenAdminObjectId: step.proof.objectId,
          provenAdminUsername: step.proof.username,
          provenAdminRole: step.proof.role,
        }),
    expiresAt: new Date(now.getTime() + CONSENT_REQUEST_TTL_MS),
    createdAt: now,
  });
  return state;
}

export type ConsumedConsentRequest =
  | { outcome: 'valid'; tenantId: string; userId: string; returnTo: ConsentReturnPage; step: SignInStep | ConsentStep }
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
  const step = stepOf(row);
  if (!step) return { outcome: 'invalid' };
  return { outcome: 'valid', tenantId: row.tenantId, userId: row.userId, returnTo: row.returnTo, step };
}

function stepOf(row: typeof entraConsentRequests.$inferSelect): SignInStep | ConsentStep | null {
  if (row.step === 'sign_in') {
    if (row.signInAuthority === null || row.nonce === null || row.codeVerifier === null) return null;
    return { step: 'sign_in', authority: row.signInAuthority, nonce: row.nonce, codeVerifier: row.codeVerifier };
  }
  if (row.provenTenantId === null || row.provenAdminObjectId === null || row.provenAdminUsername === null || row.provenAdminRole === null) return null;
  return {
    step: 'consent',
    proof: { tenantId: row.provenTenantId, objectId: row.provenAdminObjectId, username: row.provenAdminUsername, role: row.provenAdminRole },
  };
}
