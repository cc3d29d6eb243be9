import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useTenantContext } from '@/lib/tenant-context';
import { useExportOrganizationData } from '../api/export-organization-data';

/**
 * "Export data": the selected organization's configuration, users table, send ledger and audit log
 * as a zip. Only its owner may take it; a member is told so instead of offered a button that fails.
 */
export function DataExportCard() {
  const { selectedTenant } = useTenantContext();
  const exportData = useExportOrganizationData();
  if (!selectedTenant) return null;
  const owner = selectedTenant.role === 'owner';

  const start = () =>
    exportData.mutate(undefined, {
      onSuccess: (fileName) => toast({ title: 'Export Ready', description: `${selectedTenant.name}'s data was saved as ${fileName}.` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Export Failed', description: getErrorMessage(error, 'Could not export the data. Please try again') }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Export data</h2>
        </CardTitle>
        <CardDescription>
          {owner
            ? `Download ${selectedTenant.name}'s configuration, users table, send ledger and audit log as a zip of CSV and JSON files. The export is recorded in the audit log.`
            : `Only the owner of ${selectedTenant.name} can export its data.`}
        </CardDescription>
      </CardHeader>
      {owner && (
        <CardFooter>
          <Button variant="outline" onClick={start} disabled={exportData.isPending}>
            {exportData.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
            Export data
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
