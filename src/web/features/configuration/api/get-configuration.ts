import { useConfigurationQuery } from '@/lib/configuration-queries';

/** The saved configuration the form starts from. */
export function useConfiguration() {
  return useConfigurationQuery();
}
