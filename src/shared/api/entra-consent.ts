import { z } from 'zod';
import { credentialMessages, TENANT_PATTERN } from './configuration.js';

/** Where the browser comes back to after Microsoft's page: the Setup Guide or the Configuration tab. */
const CONSENT_RETURN_PAGES = ['setup', 'configuration'] as const;
export type ConsentReturnPage = (typeof CONSENT_RETURN_PAGES)[number];

/**
 * POST /api/entra/consent-start: `tenant` (optional) sends the administrator to that tenant's
 * consent page instead of letting Microsoft's sign-in pick the organization.
 */
export const consentStartBody = z.object({
  returnTo: z.enum(CONSENT_RETURN_PAGES, { error: 'returnTo must be setup or configuration' }),
  // A GUID or a domain name: it becomes a path segment of the consent URL.
  tenant: z
    .string({ error: credentialMessages.tenantIdInvalid })
    .trim()
    .max(253, credentialMessages.tenantIdInvalid)
    .regex(TENANT_PATTERN, credentialMessages.tenantIdInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type ConsentStartInput = z.input<typeof consentStartBody>;

/** Its answer: the Microsoft admin-consent page to send the browser to. */
export const consentStartResponse = z.object({ url: z.string() });
export type ConsentStartResponse = z.infer<typeof consentStartResponse>;

/** GET /api/entra/consent-availability: whether this installation has the Passwatch app configured. */
export const consentAvailabilitySchema = z.object({ available: z.boolean() });
export type ConsentAvailability = z.infer<typeof consentAvailabilitySchema>;
