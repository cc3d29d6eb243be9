import { mutationOptions, useMutation } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION, deleteAccountResponse, type DeleteAccountResponse } from '../../../../shared/api/account';
import { requestJson } from '@/lib/api-client';
import { navigateToServerRoute } from '@/lib/navigation';

/** docs/product.md §Constants: the browser goes to /api/auth/login 2000 ms after the deletion. */
export const DELETION_REDIRECT_DELAY_MS = 2000;

async function deleteAccount(): Promise<DeleteAccountResponse> {
  return requestJson('DELETE', '/api/account', deleteAccountResponse, { confirmation: DELETE_ACCOUNT_CONFIRMATION });
}

/**
 * DELETE /api/account with the typed confirmation (the dialog only enables its button once
 * DELETE is typed; the server checks it again). The redirect is scheduled at the mutation level: the session
 * is gone, so nothing on the page may be allowed to cancel it.
 */
export function deleteAccountMutationOptions(onDeleted: (entraNotice: string | undefined) => void) {
  return mutationOptions({
    mutationFn: deleteAccount,
    onSuccess: (response) => {
      onDeleted(response.entraNotice);
      setTimeout(() => navigateToServerRoute('/api/auth/login'), DELETION_REDIRECT_DELAY_MS);
    },
  });
}

export function useDeleteAccount(onDeleted: (entraNotice: string | undefined) => void) {
  return useMutation(deleteAccountMutationOptions(onDeleted));
}
