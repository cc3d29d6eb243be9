import { useQuery } from '@tanstack/react-query';
import { demoGraphCredentialsSchema } from '../../../../shared/api/configuration';
import { getJson } from '@/lib/api-client';

const demoGraphCredentialsQueryKey = ['/api/demo/graph-credentials'] as const;

/** GET /api/demo/graph-credentials: exists in demo mode only, so ask only then. */
export function useDemoGraphCredentials({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: demoGraphCredentialsQueryKey,
    queryFn: ({ signal }) => getJson('/api/demo/graph-credentials', demoGraphCredentialsSchema, signal),
    enabled,
    retry: false,
  });
}
