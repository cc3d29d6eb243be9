import { notificationMessages } from '../../shared/api/notifications.js';
import { hasActiveSubscription } from '../billing/index.js';
import type { Database } from '../db/client.js';
import { forbidden } from '../http/app-error.js';

/** Checks and mail are what the subscription pays for: 403 without an active one. */
export async function requireActiveSubscription(db: Database, tenantId: string, now: Date): Promise<void> {
  if (!(await hasActiveSubscription(db, tenantId, now))) throw forbidden(notificationMessages.subscriptionRequired);
}
