import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthUser, updateProfileBody } from '../../../../shared/api/auth';
import { apiRequest } from '@/lib/api-client';
import { authUserQueryKey } from '@/lib/query-keys';

export type UpdateProfileBody = z.output<typeof updateProfileBody>;

export async function updateProfile(body: UpdateProfileBody): Promise<AuthUser> {
  const res = await apiRequest('PUT', '/api/auth/user', body);
  return (await res.json()) as AuthUser;
}

/** PUT /api/auth/user answers the updated user, which replaces the signed-in user everywhere. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(authUserQueryKey, user),
  });
}
