import { useQuery } from '@tanstack/react-query';
import { configurationQueryOptions } from '@/lib/configuration-queries';

/** The saved configuration the form starts from. */
export function useConfiguration() {
  return useQuery(configurationQueryOptions);
}
