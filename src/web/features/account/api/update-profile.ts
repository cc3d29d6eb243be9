import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authUserSchema, type AuthUser, type updateProfileBody } from '../../../../shared/api/auth';
import { requestJson } from '@/lib/api-client';
import { authUserQueryKey } from '@/lib/query-keys';

type UpdateProfileBody = z.output<typeof updateProfileBody>;

async function updateProfile(body: UpdateProfileBody): Promise<AuthUser> {
  return requestJson('PUT', '/api/auth/user', authUserSchema, body);
}

/** PUT /api/auth/user answers the updated user, which replaces the signed-in user everywhere. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(authUserQueryKey, user),
  });
}
