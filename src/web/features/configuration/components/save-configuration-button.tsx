import { LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfigurationForm } from '../hooks/configuration-form';

/**
 * Saves the whole configuration form (POST). Exported for the Overview's Quick Actions as well;
 * it needs a ConfigurationFormProvider above it.
 */
export function SaveConfigurationButton() {
  const { configuration, isSaving, save } = useConfigurationForm();
  return (
    <Button onClick={save} disabled={!configuration || isSaving} aria-busy={isSaving}>
      {isSaving ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <SaveIcon aria-hidden />}
      Save Configuration
    </Button>
  );
}
