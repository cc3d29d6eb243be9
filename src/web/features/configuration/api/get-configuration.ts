import { useQuery } from '@tanstack/react-query';
import type { Configuration } from '../../../../shared/api/configuration';

export const configurationQueryKey = ['/api/configuration'] as const;

/** GET /api/configuration: the saved configuration (defaults and `configured: false` before the first save). */
export function useConfiguration() {
  return useQuery<Configuration>({ queryKey: configurationQueryKey });
}
