import { useMutation } from '@tanstack/react-query';
import { DATA_EXPORT_PATH, dataExportFileName } from '../../../../shared/api/data-export';
import { apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/organization/export (the owner's): the selected organization's data, saved as passwatch-export-YYYY-MM-DD.zip. Answers the file name. */
export function useExportOrganizationData() {
  return useMutation({
    mutationFn: async () => {
      const res = await apiRequest('GET', DATA_EXPORT_PATH);
      const fileName = dataExportFileName(new Date());
      saveFile(await res.blob(), fileName);
      return fileName;
    },
  });
}
