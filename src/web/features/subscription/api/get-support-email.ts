import { useQuery } from '@tanstack/react-query';
import { appInfoQueryOptions } from '@/lib/app-info';

/** The address behind 'Contact Support' (a mailto link), from GET /api/app-info, shared with the demo banner's query. */
export function useSupportEmail(): string | null {
  const { data } = useQuery({ ...appInfoQueryOptions, select: (appInfo) => appInfo.supportEmail });
  return data ?? null;
}
