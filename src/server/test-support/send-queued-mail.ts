import { and, eq, inArray } from 'drizzle-orm';
import { emailSends } from '../db/schema/index.js';
import { drainTenant } from '../notifications/index.js';
import type { ApiHarness } from './api-harness.js';

/**
 * Sends what the organization's checks queued, the simulated clock moving a second between drains
 * so the mailbox's pacing lets the next one go; fails when mail is still waiting after 500 drains.
 */
export async function sendQueuedMail(harness: ApiHarness, tenantId: string): Promise<void> {
  const waiting = () =>
    harness.database.db
      .select({ id: emailSends.id })
      .from(emailSends)
      .where(and(eq(emailSends.tenantId, tenantId), inArray(emailSends.state, ['queued', 'deferred', 'sending'])));
  for (let attempt = 0; attempt < 500 && (await waiting()).length > 0; attempt += 1) {
    await drainTenant(harness.app.notifications, tenantId, { deadline: new Date(harness.graph.clock.now().getTime() + 60_000), maxWaitMs: 0 });
    harness.graph.clock.advance(1000);
  }
  const left = await waiting();
  if (left.length > 0) throw new Error(`${left.length} mails still waiting after 500 drains`);
}
