import { useConfigurationQuery } from '@/lib/configuration-queries';

/**
 * The organization's saved time zone (the configuration form loads it above the tabs): checks are
 * scheduled and days counted in it, so every time the Overview shows is shown in it too.
 */
export function useOrganizationTimeZone(): string | undefined {
  return useConfigurationQuery().data?.timeZone;
}
