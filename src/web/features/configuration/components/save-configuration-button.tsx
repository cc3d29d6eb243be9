import { LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfigurationForm } from '../hooks/configuration-form';

/**
 * Saves the whole configuration form (POST). Exported for the Overview's Quick Actions as well,
 * where it waits for the first save (`requiresSavedConfiguration`): that one is made on the
 * Configuration tab, where the fields are. It needs a ConfigurationFormProvider above it.
 */
export function SaveConfigurationButton({ requiresSavedConfiguration = false }: { requiresSavedConfiguration?: boolean }) {
  const { configuration, isSaving, save } = useConfigurationForm();
  const waiting = !configuration || (requiresSavedConfiguration && !configuration.configured);
  return (
    <Button onClick={save} disabled={waiting || isSaving} aria-busy={isSaving}>
      {isSaving ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <SaveIcon aria-hidden />}
      Save Configuration
    </Button>
  );
}
