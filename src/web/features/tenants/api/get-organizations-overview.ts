import { useQuery } from '@tanstack/react-query';
import { organizationsOverviewResponse } from '../../../../shared/api/organizations-overview';
import { getJson } from '@/lib/api-client';

/** GET /api/organizations/overview: every organization of the user with its figures. */
export function useOrganizationsOverview() {
  return useQuery({
    queryKey: ['/api/organizations/overview'],
    queryFn: ({ signal }) => getJson('/api/organizations/overview', organizationsOverviewResponse, signal),
  });
}
