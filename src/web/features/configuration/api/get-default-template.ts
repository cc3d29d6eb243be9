import { useQuery } from '@tanstack/react-query';
import { defaultTemplateQueryOptions } from '@/lib/configuration-queries';

/** Fills an organization's empty template before the first save; never retried. */
export function useDefaultTemplate({ enabled }: { enabled: boolean }) {
  return useQuery({ ...defaultTemplateQueryOptions, enabled });
}
