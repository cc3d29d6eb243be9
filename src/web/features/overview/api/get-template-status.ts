import { useQuery } from '@tanstack/react-query';
import type { Configuration } from '../../../../shared/api/configuration';
import type { DefaultTemplateResponse } from '../../../../shared/api/notifications';
import { isCustomTemplate } from '../utils/template-status';
import { configurationQueryKey } from './overview-query-keys';

const defaultTemplateQueryKey = ['/api/default-template'] as const;

/**
 * Whether the saved template differs from the default (Configuration Status card): null until
 * both are known. Shares the configuration's cache entry with the Configuration tab.
 */
export function useIsCustomTemplate(): boolean | null {
  const configuration = useQuery<Configuration>({ queryKey: configurationQueryKey });
  const defaultTemplate = useQuery<DefaultTemplateResponse>({ queryKey: defaultTemplateQueryKey });
  if (!configuration.data || !defaultTemplate.data) return null;
  return isCustomTemplate(configuration.data.emailTemplate, defaultTemplate.data.template);
}
