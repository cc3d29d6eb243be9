import { queryOptions, useQuery } from '@tanstack/react-query';

export const defaultTemplateQueryKey = ['/api/default-template'] as const;

/** GET /api/default-template: the product's reminder template, `{ template }` (HTML). */
export const defaultTemplateQueryOptions = queryOptions<{ template: string }>({ queryKey: defaultTemplateQueryKey });

/** Fills an organization's empty template before the first save; never retried. */
export function useDefaultTemplate({ enabled }: { enabled: boolean }) {
  return useQuery({ ...defaultTemplateQueryOptions, enabled });
}
