import { useMutation } from '@tanstack/react-query';
import { consentStartResponse, type ConsentStartInput } from '../../../../shared/api/entra-consent';
import { requestJson } from '@/lib/api-client';

/** POST /api/entra/consent-start: the Microsoft admin-consent page to open, with a single-use state. */
export function useStartConsent() {
  return useMutation({
    mutationFn: (input: ConsentStartInput) => requestJson('POST', '/api/entra/consent-start', consentStartResponse, input),
    // The browser leaves for Microsoft's page and comes back to the callback.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
