import { queryOptions, useQuery } from '@tanstack/react-query';
import { configurationSchema } from '../../shared/api/configuration';
import { defaultTemplateResponse } from '../../shared/api/notifications';
import { getJson } from './api-client';
import { useTenantContext } from './tenant-context';

// Read by the Configuration tab and by the Overview (time zone, Configuration Status card): one
// query each, so both show the same answer and one save or refetch updates both.

export const configurationQueryKey = ['/api/configuration'] as const;

/** GET /api/configuration: the saved configuration (defaults and `configured: false` before the first save). */
export const configurationQueryOptions = queryOptions({
  queryKey: configurationQueryKey,
  queryFn: ({ signal }) => getJson('/api/configuration', configurationSchema, signal),
});

/**
 * The selected organization's configuration; not asked while none is selected ("All organizations",
 * a new organization being created), where the server could only answer 400.
 */
export function useConfigurationQuery() {
  const { selectedTenantId } = useTenantContext();
  return useQuery({ ...configurationQueryOptions, enabled: selectedTenantId !== null });
}

const defaultTemplateQueryKey = ['/api/default-template'] as const;

/** GET /api/default-template: the product's reminder template, `{ template }` (HTML). */
export const defaultTemplateQueryOptions = queryOptions({
  queryKey: defaultTemplateQueryKey,
  queryFn: ({ signal }) => getJson('/api/default-template', defaultTemplateResponse, signal),
});
