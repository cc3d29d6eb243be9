import { useQuery } from '@tanstack/react-query';
import type { AppInfo } from '../../../../shared/api/auth';
import { appInfoQueryKey } from '@/lib/query-keys';

/** GET /api/app-info (no sign-in needed): demo mode, the admin hint and the simulated mailbox. */
export function useAppInfo() {
  return useQuery<AppInfo>({ queryKey: appInfoQueryKey });
}
