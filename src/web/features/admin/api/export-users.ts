import { useMutation } from '@tanstack/react-query';
import { exportFileName } from '../../../../shared/api/admin';
import { apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

async function exportUsers(): Promise<Blob> {
  const res = await apiRequest('GET', '/api/admin/export-users');
  return res.blob();
}

/** GET /api/admin/export-users: the CSV is saved as subscribers-YYYY-MM-DD.csv. Answers the file name. */
export function useExportUsers() {
  return useMutation({
    mutationFn: async () => {
      const fileName = exportFileName(new Date());
      saveFile(await exportUsers(), fileName);
      return fileName;
    },
  });
}
