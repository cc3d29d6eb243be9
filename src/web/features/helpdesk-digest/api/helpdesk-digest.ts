import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { helpdeskDigestSchema, type HelpdeskDigest } from '../../../../shared/api/account-mail';
import { getJson, requestJson } from '@/lib/api-client';

// Organization data: the key carries no tenant id, the cache is reset when the organization changes.
const helpdeskDigestQueryKey = ['/api/helpdesk-digest'] as const;

/** GET /api/helpdesk-digest: the organization's helpdesk address for the daily digest, or null. */
export function useHelpdeskDigest() {
  return useQuery({
    queryKey: helpdeskDigestQueryKey,
    queryFn: ({ signal }) => getJson('/api/helpdesk-digest', helpdeskDigestSchema, signal),
  });
}

/** PUT /api/helpdesk-digest; an empty address turns the digest off. */
export function useSaveHelpdeskDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string): Promise<HelpdeskDigest> => requestJson('PUT', '/api/helpdesk-digest', helpdeskDigestSchema, { address }),
    onSuccess: (saved) => queryClient.setQueryData(helpdeskDigestQueryKey, saved),
  });
}
