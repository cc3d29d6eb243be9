import type { QueryKey } from '@tanstack/react-query';

// Query keys read by more than one part of the app. The default fetcher GETs the key joined by '/'.
export const authUserQueryKey = ['/api/auth/user'] as const;
export const tenantsQueryKey = ['/api/tenants'] as const;
export const appInfoQueryKey = ['/api/app-info'] as const;

/**
 * Data that belongs to the signed-in user or the deployment rather than to one organization.
 * Every other query is treated as organization data and is reset when the organization changes.
 */
export const userScopedQueryKeys: readonly QueryKey[] = [authUserQueryKey, tenantsQueryKey, appInfoQueryKey];
