import { z } from 'zod';
import { MEMBER_ROLES } from '../domain/member-roles.js';
import { SUBSCRIPTION_STATUSES } from '../domain/subscription-status.js';
import { organizationMessages } from '../domain/validation-messages.js';
import { nameText, text } from './text-fields.js';

// A domain name: labels of letters, digits and inner hyphens, a dot between labels, and an
// alphabetic top-level label (contoso.com, eu.contoso.co.uk).
const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

/** An organization as its member sees it: GET /api/tenants lists them, POST /api/tenants answers the new one. */
export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  role: z.enum(MEMBER_ROLES),
  subscriptionStatus: subscriptionStatusSchema,
  subscriptionPlan: z.enum(['monthly', 'yearly']).nullable(),
  subscriptionEndsAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  paypalSubscriptionId: z.string().nullable(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** GET /api/tenants */
export const listTenantsResponse = z.array(tenantSchema);

/** POST /api/tenants */
export const createTenantBody = z.object({
  name: nameText('Company name', organizationMessages.nameRequired)
    .trim()
    .min(1, organizationMessages.nameRequired)
    .max(200, 'Company name must be at most 200 characters'),
  domain: text(organizationMessages.domainRequired)
    .trim()
    .toLowerCase()
    .min(1, organizationMessages.domainRequired)
    .regex(domainPattern, organizationMessages.domainInvalid),
});
export type CreateTenantBody = z.infer<typeof createTenantBody>;
