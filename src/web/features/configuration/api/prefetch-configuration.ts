import type { QueryClient } from '@tanstack/react-query';
import { configurationQueryOptions, defaultTemplateQueryOptions } from '@/lib/configuration-queries';
import { needsDefaultTemplate } from './get-default-template';

/**
 * Starts the configuration form's requests before it mounts: the configuration and, for an
 * organization with no template saved yet, the product's template, which the form would otherwise
 * ask for only after the configuration answered, rendering the dashboard again when it came
 * (docs/architecture.md §Web performance).
 */
export function prefetchConfiguration(queryClient: QueryClient): void {
  queryClient.fetchQuery(configurationQueryOptions).then(
    (configuration) => {
      if (needsDefaultTemplate(configuration)) void queryClient.prefetchQuery(defaultTemplateQueryOptions);
    },
    // A failed load is the form's to show: it reads the same query.
    () => undefined,
  );
}
