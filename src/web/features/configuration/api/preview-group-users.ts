import { useMutation } from '@tanstack/react-query';
import { previewGroupUsersResponse, type PreviewGroupUsersBody, type PreviewGroupUsersResult } from '../../../../shared/api/directory';
import { requestJson } from '@/lib/api-client';

async function previewGroupUsers(body: PreviewGroupUsersBody): Promise<PreviewGroupUsersResult> {
  return requestJson('POST', '/api/preview-group-users', previewGroupUsersResponse, body);
}

/** POST /api/preview-group-users: who the (possibly unsaved) group filters select. */
export function usePreviewGroupUsers() {
  return useMutation({ mutationFn: previewGroupUsers });
}
