import { eq } from 'drizzle-orm';
import type { HelpdeskDigest } from '../../shared/api/account-mail.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { helpdeskDigestSettings } from '../db/schema/index.js';

export async function getHelpdeskDigest(db: Database, tenantId: string): Promise<HelpdeskDigest> {
  const [row] = await db.select({ address: helpdeskDigestSettings.address }).from(helpdeskDigestSettings).where(eq(helpdeskDigestSettings.tenantId, tenantId));
  return { address: row?.address ?? null };
}

/** Sets or removes the helpdesk address; a change is written to the organization's audit log with it. */
export async function saveHelpdeskDigest(db: Database, tenantId: string, actorUserId: string, address: string | null, now: Date): Promise<HelpdeskDigest> {
  const actor = await actorNameOf(db, actorUserId);
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ address: helpdeskDigestSettings.address })
      .from(helpdeskDigestSettings)
      .where(eq(helpdeskDigestSettings.tenantId, tenantId))
      .for('update');
    if ((previous?.address ?? null) === address) return;
    if (address === null) await tx.delete(helpdeskDigestSettings).where(eq(helpdeskDigestSettings.tenantId, tenantId));
    else {
      const values = { address, updatedAt: now, updatedByUserId: actorUserId };
      await tx
        .insert(helpdeskDigestSettings)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: helpdeskDigestSettings.tenantId, set: values });
    }
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message: address === null ? `Helpdesk digest turned off by ${actor}` : `Helpdesk digest address set to ${address} by ${actor}`,
      actorUserId,
      details: { helpdeskAddress: { from: previous?.address ?? null, to: address } },
      createdAt: now,
    });
  });
  return { address };
}
