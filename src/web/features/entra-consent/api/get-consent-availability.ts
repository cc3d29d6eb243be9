import { useQuery } from '@tanstack/react-query';
import { consentAvailabilitySchema } from '../../../../shared/api/entra-consent';
import { getJson } from '@/lib/api-client';

/** GET /api/entra/consent-availability: whether this installation offers Connect with Microsoft. */
export function useConsentAvailability() {
  return useQuery({
    queryKey: ['/api/entra/consent-availability'],
    queryFn: ({ signal }) => getJson('/api/entra/consent-availability', consentAvailabilitySchema, signal),
    staleTime: Infinity,
  });
}
