import { z } from 'zod';
import { tenantSchema } from './tenants.js';
import { profileMessages } from '../domain/validation-messages.js';
import { nameText } from './text-fields.js';

/** GET /api/auth/user (401 when signed out) and PUT /api/auth/user answer the signed-in user. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
  /** Operator admin (ADMIN_EMAILS). */
  isAdmin: z.boolean(),
  tenants: z.array(tenantSchema),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** PUT /api/auth/user */
export const updateProfileBody = z.object({
  firstName: nameText('First name', profileMessages.firstNameRequired).trim().min(1, profileMessages.firstNameRequired).max(100),
  lastName: nameText('Last name', profileMessages.lastNameRequired).trim().min(1, profileMessages.lastNameRequired).max(100),
  email: z.email({ error: profileMessages.emailInvalid }).trim().max(320),
});

/** GET /api/app-info: what the shell needs before sign-in (demo banner, admin hint). */
export const appInfoSchema = z.object({
  demoMode: z.boolean(),
  /** Shown in demo mode to the first signed-in user: how to become an operator admin. */
  adminHint: z.string().nullable(),
  /** Demo mode: where the simulated mailbox can be read (null outside demo mode). */
  simulatedMailboxUrl: z.string().nullable(),
  /** Demo mode: where the SMTP sink's received account mail can be read (null outside demo mode). */
  accountMailSinkUrl: z.string().nullable(),
  /** Address of the "Contact Support" link. */
  supportEmail: z.email(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
