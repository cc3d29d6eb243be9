import { useMutation } from '@tanstack/react-query';
import type { SignOutResponse } from '../../shared/api/sign-out';
import { apiRequest } from './api-client';
import { navigateToUrl } from './navigation';

export type SignOutRoute = '/api/logout' | '/api/auth/logout-everywhere';

/**
 * Signs out through the server (a POST, so no link elsewhere can do it), then sends the browser
 * where the server says: the identity provider's logout page, which returns it to the landing page.
 */
export async function signOut(route: SignOutRoute): Promise<void> {
  const res = await apiRequest('POST', route);
  const { redirectTo } = (await res.json()) as SignOutResponse;
  navigateToUrl(redirectTo);
}

/** The sign-out as a mutation; `leaving` stays true once it succeeded, while the browser navigates away. */
export function useSignOut(route: SignOutRoute) {
  const mutation = useMutation({ mutationFn: () => signOut(route) });
  return { ...mutation, leaving: mutation.isPending || mutation.isSuccess };
}
