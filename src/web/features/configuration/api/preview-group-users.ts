import { useMutation } from '@tanstack/react-query';
import type { PreviewGroupUsersBody, PreviewGroupUsersResult } from '../../../../shared/api/directory';
import { apiRequest } from '@/lib/api-client';

export async function previewGroupUsers(body: PreviewGroupUsersBody): Promise<PreviewGroupUsersResult> {
  const res = await apiRequest('POST', '/api/preview-group-users', body);
  return (await res.json()) as PreviewGroupUsersResult;
}

/** POST /api/preview-group-users: who the (possibly unsaved) group filters select. */
export function usePreviewGroupUsers() {
  return useMutation({ mutationFn: previewGroupUsers });
}
