/** GET: the organization's data as a zip (owner only); the organization in the x-tenant-id header. */
export const DATA_EXPORT_PATH = '/api/organization/export';

/** The archive's file name: the day of the export (UTC). */
export function dataExportFileName(at: Date): string {
  return `passwatch-export-${at.toISOString().slice(0, 10)}.zip`;
}
