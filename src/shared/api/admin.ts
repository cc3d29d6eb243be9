import { z } from 'zod';
import { MEMBER_ROLES } from '../domain/member-roles.js';
import { PLAN_IDS } from '../domain/plans.js';
import { subscriptionStatusSchema } from './tenants.js';
import { text } from './text-fields.js';

/** GET /api/admin/stats. monthlyRevenue is MRR in USD: 35 per monthly + 365/12 per yearly active subscription. */
export const adminStatsResponse = z.object({
  totalUsers: z.number(),
  /** Organizations whose subscription is active (including those cancelling at period end). */
  activeSubscriptions: z.number(),
  /** Users belonging to at least one organization in a trial. */
  trialUsers: z.number(),
  monthlyRevenue: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsResponse>;

/** An organization's subscription as the operator sees it. */
const adminOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  subscriptionStatus: subscriptionStatusSchema,
  subscriptionPlan: z.enum(PLAN_IDS).nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  paypalSubscriptionId: z.string().nullable(),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

/** One user of GET /api/admin/users, newest first. */
const adminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
  tenants: z.array(adminOrganizationSchema.extend({ role: z.enum(MEMBER_ROLES) })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * GET /api/admin/users?search=: `search` matches, case-insensitively as a substring, the email,
 * first name, last name or the name of any of the user's organizations.
 */
export const adminUsersQuery = z.object({ search: text().trim().max(200).optional() });
export const adminUsersResponse = z.array(adminUserSchema);

/** GET /api/admin/subscriptions: organizations whose status is active or trialing. */
const adminSubscriptionSchema = adminOrganizationSchema.extend({
  /** Email addresses of the organization's owners. */
  ownerEmails: z.array(z.string()),
  /** What the subscription contributes to MRR, in USD. */
  monthlyRevenue: z.number(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionsResponse = z.array(adminSubscriptionSchema);

/** One entry of GET /api/admin/audit-log (the latest 100, newest first): what operator admins did. */
const operatorAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['admin_sign_in', 'users_export', 'announcement_published']),
  /** Who: the identity provider's issuer and subject, and the address it asserted at sign-in. */
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorAuditEntry = z.infer<typeof operatorAuditEntrySchema>;
export const operatorAuditResponse = z.array(operatorAuditEntrySchema);

/** GET /api/admin/export-users answers text/csv saved as subscribers-YYYY-MM-DD.csv. */
export function exportFileName(date: Date): string {
  return `subscribers-${date.toISOString().slice(0, 10)}.csv`;
}
