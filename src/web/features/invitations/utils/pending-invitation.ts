import { browserStorage, removeStoredItem } from '@/lib/browser-storage';

const KEY = 'passwatch.pendingInvitation';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The invitation token: from the link's fragment (never sent to a server log), else the one kept
 * while its holder signs in. Kept for this tab only.
 */
export function invitationToken(hash: string): string | null {
  const fromLink = hash.replace(/^#/, '');
  if (TOKEN.test(fromLink)) return fromLink;
  const kept = browserStorage('sessionStorage')?.getItem(KEY) ?? null;
  return kept && TOKEN.test(kept) ? kept : null;
}

/** Kept across the sign-in, so the app comes back to the invitation afterwards. */
export function keepInvitationToken(token: string): void {
  browserStorage('sessionStorage')?.setItem(KEY, token);
}

export function hasPendingInvitation(): boolean {
  return invitationToken('') !== null;
}

export function forgetInvitationToken(): void {
  removeStoredItem(browserStorage('sessionStorage'), KEY);
}
