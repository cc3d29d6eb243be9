import { z } from 'zod';

/**
 * POST /api/logout (and /api/auth/logout): this browser's session has ended; the browser goes to
 * `redirectTo` next: the identity provider's end-session page (which returns to the landing
 * page) or, when there is none, the landing page itself.
 */
export const signOutResponse = z.object({ redirectTo: z.string() });
export type SignOutResponse = z.infer<typeof signOutResponse>;

/** POST /api/auth/logout-everywhere: every session of the user has ended, on every device. */
export const signOutEverywhereResponse = signOutResponse.extend({ endedSessions: z.number().int().nonnegative() });
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponse>;

export const signOutMessages = {
  /** What a GET of the logout address answers: signing out is a POST, so a link cannot do it. */
  useTheButton:
    'To sign out, use the Logout button in Passwatch. Opening this address no longer signs anyone out, so a link on another site cannot end your session.',
} as const;
