import { useMutation } from '@tanstack/react-query';
import { signOutEverywhereResponse, signOutResponse } from '../../shared/api/sign-out';
import { requestJson } from './api-client';
import { navigateToUrl } from './navigation';

const answers = { '/api/logout': signOutResponse, '/api/auth/logout-everywhere': signOutEverywhereResponse } as const;

export type SignOutRoute = keyof typeof answers;

/**
 * Signs out through the server (a POST, so no link elsewhere can do it), then sends the browser
 * where the server says: the identity provider's logout page, which returns it to the landing page.
 */
export async function signOut(route: SignOutRoute): Promise<void> {
  const { redirectTo } = await requestJson('POST', route, answers[route]);
  navigateToUrl(redirectTo);
}

/** The sign-out as a mutation; `leaving` stays true once it succeeded, while the browser navigates away. */
export function useSignOut(route: SignOutRoute) {
  const mutation = useMutation({ mutationFn: () => signOut(route) });
  return { ...mutation, leaving: mutation.isPending || mutation.isSuccess };
}
