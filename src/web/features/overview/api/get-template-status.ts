import { useQuery } from '@tanstack/react-query';
import { defaultTemplateQueryOptions, useConfigurationQuery } from '@/lib/configuration-queries';
import { isCustomTemplate } from '../utils/template-status';

/**
 * Whether the saved template differs from the default (Configuration Status card): null until
 * both are known. Shares the configuration's cache entry with the Configuration tab.
 */
export function useIsCustomTemplate(): boolean | null {
  const configuration = useConfigurationQuery();
  const defaultTemplate = useQuery(defaultTemplateQueryOptions);
  if (!configuration.data || !defaultTemplate.data) return null;
  return isCustomTemplate(configuration.data.emailTemplate, defaultTemplate.data.template);
}
