import { z } from 'zod';
import type { EntraConsentResult } from '../../shared/domain/entra-connection.js';

/**
 * What Microsoft's sign-in sends back to the redirect URI: on success `code` (and `session_state`).
 * What its admin-consent page sends back: on success `tenant` (the
 * administrator's directory id), `admin_consent=True`, `scope` and our `state`; otherwise `error`
 * (`access_denied` when consent was declined) and an `error_description` that starts with the
 * AADSTS code. Anything longer than these ever are is not an answer from Microsoft.
 */
export const consentAnswerQuery = z.object({
  state: z.string().min(1).max(200).optional(),
  code: z.string().min(1).max(8000).optional(),
  session_state: z.string().max(200).optional(),
  tenant: z.string().max(200).optional(),
  admin_consent: z.string().max(20).optional(),
  scope: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_subcode: z.string().max(200).optional(),
  error_description: z.string().max(4000).optional(),
});
export type ConsentAnswer = z.infer<typeof consentAnswerQuery>;

/**
 * Declined on the consent page: AADSTS65004 (the administrator chose Cancel). Only an
 * administrator may consent: AADSTS90094 (the grant requires admin permission) and AADSTS90008
 * (the user or administrator has not consented and cannot here).
 */
const DECLINED_CODES = new Set(['AADSTS65004']);
const ADMIN_REQUIRED_CODES = new Set(['AADSTS90094', 'AADSTS90008']);

/** The AADSTS code an error description starts with, if any. */
export function aadstsCodeOf(description: string | undefined): string | null {
  return /^\s*(AADSTS\d+)\b/.exec(description ?? '')?.[1] ?? null;
}

/** The result an error answer means for the admin. */
export function refusalOf(answer: ConsentAnswer): EntraConsentResult {
  const code = aadstsCodeOf(answer.error_description);
  if (code && ADMIN_REQUIRED_CODES.has(code)) return 'admin_required';
  if ((code && DECLINED_CODES.has(code)) || answer.error_subcode === 'cancel' || answer.error === 'access_denied') return 'declined';
  return 'failed';
}
