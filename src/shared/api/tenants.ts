import { z } from 'zod';
import { organizationMessages } from '../domain/validation-messages.js';

// A domain name: labels of letters, digits and inner hyphens, a dot between labels, and an
// alphabetic top-level label (contoso.com, eu.contoso.co.uk).
const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const subscriptionStatusSchema = z.enum([
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'none',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  role: z.enum(['owner', 'member']),
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
  name: z
    .string({ error: organizationMessages.nameRequired })
    .trim()
    .min(1, organizationMessages.nameRequired)
    .max(200, 'Company name must be at most 200 characters'),
  domain: z
    .string({ error: organizationMessages.domainRequired })
    .trim()
    .toLowerCase()
    .min(1, organizationMessages.domainRequired)
    .regex(domainPattern, organizationMessages.domainInvalid),
});
export type CreateTenantBody = z.infer<typeof createTenantBody>;
export const createTenantResponse = tenantSchema;
