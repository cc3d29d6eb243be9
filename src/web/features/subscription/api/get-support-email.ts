import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AppInfo } from '../../../../shared/api/auth';
import { appInfoQueryKey } from '@/lib/query-keys';

const supportContact = z.object({ supportEmail: z.email() });

/** The support address from GET /api/app-info, or null when the server does not name one. */
export function readSupportEmail(appInfo: unknown): string | null {
  return supportContact.safeParse(appInfo).data?.supportEmail ?? null;
}

/** The address behind 'Contact Support' (a mailto link), shared with the demo banner's query. */
export function useSupportEmail(): string | null {
  const { data } = useQuery<AppInfo, Error, string | null>({ queryKey: appInfoQueryKey, select: readSupportEmail });
  return data ?? null;
}
