import { useMutation } from '@tanstack/react-query';
import type { PasswordExpirationsExportQuery } from '../../../../shared/api/notifications';
import { apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The name the server gives the file (`attachment; filename="..."`). */
function attachmentFileName(contentDisposition: string | null): string | null {
  return contentDisposition?.match(/filename="([^"]+)"/)?.[1] ?? null;
}

async function exportUsersTable(view: PasswordExpirationsExportQuery): Promise<string> {
  const { filter, sort, direction, search } = view;
  const query = new URLSearchParams({ filter, sort, direction, ...(search ? { search } : {}) });
  const res = await apiRequest('GET', `/api/password-expirations/export?${query}`);
  const fileName = attachmentFileName(res.headers.get('content-disposition')) ?? 'users.csv';
  saveFile(await res.blob(), fileName);
  return fileName;
}

/**
 * GET /api/password-expirations/export: the users table as CSV, every user under its filter and
 * search (the server reads them all, not just the page on screen). Answers the file name.
 */
export function useExportUsersTable() {
  return useMutation({ mutationFn: exportUsersTable });
}
