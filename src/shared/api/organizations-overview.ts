import { z } from 'zod';
import { MEMBER_ROLES } from '../domain/member-roles.js';
import { connectionStatusValueSchema } from './configuration.js';
import { subscriptionStatusSchema } from './tenants.js';

/** One organization on the overview (docs/product.md §Organizations overview). */
const organizationOverviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  role: z.enum(MEMBER_ROLES),
  configured: z.boolean(),
  connectionStatus: connectionStatusValueSchema,
  /** In the reminder window (today to today + days before expiration, the organization's calendar). */
  expiringSoon: z.number(),
  /** Past their expiry date. */
  expired: z.number(),
  /** Expiring soon or expired, and no reminder reached them. */
  neverReminded: z.number(),
  lastCheck: z.string().nullable(),
  nextCheck: z.string().nullable(),
  /** Reminders that failed for good in the last 7 days. */
  failedReminders: z.number(),
  subscriptionStatus: subscriptionStatusSchema,
});
export type OrganizationOverview = z.infer<typeof organizationOverviewSchema>;

/** GET /api/organizations/overview: every organization of the signed-in user, by name. */
export const organizationsOverviewResponse = z.array(organizationOverviewSchema);

export const FAILED_REMINDERS_DAYS = 7;
