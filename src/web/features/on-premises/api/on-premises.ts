import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createConnectorResponse,
  onPremisesOverviewResponse,
  revokeConnectorResponse,
  type CreateConnectorResponse,
  type OnPremisesOverview,
  type OnPremisesSettingsBody,
} from '../../../../shared/api/on-premises';
import { getJson, requestJson } from '@/lib/api-client';

// Organization data: the key carries no tenant id, the cache is reset when the organization changes.
const onPremisesQueryKey = ['/api/on-premises'] as const;

/** GET /api/on-premises: the connectors, what their snapshots held, and the on-premises settings. */
export function useOnPremises() {
  return useQuery({
    queryKey: onPremisesQueryKey,
    queryFn: ({ signal }) => getJson('/api/on-premises', onPremisesOverviewResponse, signal),
  });
}

/** POST /api/on-premises/connectors: the answer carries the key, shown once. */
export function useCreateConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<CreateConnectorResponse> => requestJson('POST', '/api/on-premises/connectors', createConnectorResponse, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onPremisesQueryKey }),
  });
}

/** POST /api/on-premises/connectors/:id/revoke */
export function useRevokeConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectorId: string) => requestJson('POST', `/api/on-premises/connectors/${encodeURIComponent(connectorId)}/revoke`, revokeConnectorResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onPremisesQueryKey }),
  });
}

/** PUT /api/on-premises/settings; the answer replaces the cached overview. */
export function useSaveOnPremisesSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnPremisesSettingsBody): Promise<OnPremisesOverview> =>
      requestJson('PUT', '/api/on-premises/settings', onPremisesOverviewResponse, body),
    onSuccess: (saved) => queryClient.setQueryData(onPremisesQueryKey, saved),
  });
}
