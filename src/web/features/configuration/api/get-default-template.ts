import { useQuery } from '@tanstack/react-query';
import type { Configuration } from '../../../../shared/api/configuration';
import { defaultTemplateQueryOptions } from '@/lib/configuration-queries';

/** Whether the form fills in the product's template: the organization has saved none yet. */
export function needsDefaultTemplate(configuration: Configuration | undefined): boolean {
  return configuration !== undefined && configuration.emailTemplate === '';
}

/** Fills an organization's empty template before the first save; never retried. */
export function useDefaultTemplate({ enabled }: { enabled: boolean }) {
  return useQuery({ ...defaultTemplateQueryOptions, enabled });
}
