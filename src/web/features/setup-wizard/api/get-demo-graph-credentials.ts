import { useQuery } from '@tanstack/react-query';
import type { DemoGraphCredentials } from '../../../../shared/api/configuration';

export const demoGraphCredentialsQueryKey = ['/api/demo/graph-credentials'] as const;

/** GET /api/demo/graph-credentials: exists in demo mode only, so ask only then. */
export function useDemoGraphCredentials({ enabled }: { enabled: boolean }) {
  return useQuery<DemoGraphCredentials>({ queryKey: demoGraphCredentialsQueryKey, enabled, retry: false });
}
