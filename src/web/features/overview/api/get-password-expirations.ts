import { useQuery } from '@tanstack/react-query';
import type { PasswordExpirationRecord } from '../../../../shared/api/notifications';
import { passwordExpirationsQueryKey } from './overview-query-keys';

/** GET /api/password-expirations: the latest check's users, soonest expiry first. */
export function usePasswordExpirations() {
  return useQuery<PasswordExpirationRecord[]>({ queryKey: passwordExpirationsQueryKey });
}
