import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenantsQueryKey } from '@/lib/query-keys';
import { invitationsQueryKey } from './get-invitations';
import { membersQueryKey } from './get-members';

/**
 * A change to members or invitations; afterwards the lists, and the user's own organizations (their
 * role may have changed), are read again.
 */
export function useMembershipChange<T, R = unknown>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
      ]),
  });
}
