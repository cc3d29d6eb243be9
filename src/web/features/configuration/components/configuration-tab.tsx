import type { FormEvent, ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useConfigurationForm } from '../hooks/configuration-form';
import { CredentialsCard } from './credentials-card';
import { EmailTemplateCard } from './email-template-card';
import { GroupFiltersCard } from './group-filters-card';
import { SaveConfigurationButton } from './save-configuration-button';
import { ScheduleCard } from './schedule-card';

/**
 * The Configuration tab. `actions` sit beside Save Configuration (the app puts Test Configuration
 * there, which belongs to the testing feature).
 */
export function ConfigurationTab({
  actions,
  microsoftConnection,
  templateLanguages,
}: {
  actions?: ReactNode;
  microsoftConnection?: ReactNode;
  /** Shown under the email template (the template-languages feature's card). */
  templateLanguages?: ReactNode;
}) {
  const { configuration, values, loadError, retryLoad, hasUnsavedChanges, save } = useConfigurationForm();

  if (loadError && !values) {
    return <LoadErrorAlert title="Unable to load the configuration" error={loadError} onRetry={retryLoad} />;
  }
  if (!values) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading configuration" />
      </div>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save();
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Configuration" className="grid gap-6">
      <CredentialsCard microsoftConnection={microsoftConnection} />
      <EmailTemplateCard />
      {templateLanguages}
      <ScheduleCard />
      <GroupFiltersCard />
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 rounded-lg border bg-card/95 px-4 py-3 shadow-sm backdrop-blur">
        <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {saveStatus(configuration?.configured ?? false, hasUnsavedChanges)}
        </p>
        {actions}
        <SaveConfigurationButton />
      </div>
    </form>
  );
}

function saveStatus(configured: boolean, unsavedChanges: boolean): string {
  if (!configured) return 'Not saved yet. Test Configuration works once the configuration is saved.';
  return unsavedChanges ? 'You have unsaved changes.' : 'All changes saved.';
}
