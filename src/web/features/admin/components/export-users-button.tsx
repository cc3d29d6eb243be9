import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useExportUsers } from '../api/export-users';

/** 'Export Users': downloads subscribers-YYYY-MM-DD.csv. */
export function ExportUsersButton() {
  const exportUsers = useExportUsers();

  function startExport() {
    exportUsers.mutate(undefined, {
      onSuccess: (fileName) => toast({ title: 'Export Successful', description: `User data saved as ${fileName}.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Export Failed',
          description: getErrorMessage(error, 'Failed to export user data. Please try again'),
        }),
    });
  }

  return (
    <Button size="sm" onClick={startExport} disabled={exportUsers.isPending}>
      {exportUsers.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
      Export Users
    </Button>
  );
}
