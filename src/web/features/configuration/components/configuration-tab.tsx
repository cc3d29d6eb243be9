import type { FormEvent, ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { type PageSection, SectionBlock, SectionNav, visibleSections } from '@/components/sectioned-page';
import { Spinner } from '@/components/ui/spinner';
import { useConfigurationForm } from '../hooks/configuration-form';
import { CredentialsCard } from './credentials-card';
import { EmailTemplateCard } from './email-template-card';
import { GroupFiltersCard } from './group-filters-card';
import { SaveConfigurationButton } from './save-configuration-button';
import { ScheduleCard } from './schedule-card';

export interface ConfigurationTabProps {
  /** Beside Save Configuration (the app puts Test Configuration there, which belongs to the testing feature). */
  actions?: ReactNode;
  /** Connect with Microsoft, or the connection made with it, in the Connection section. */
  microsoftConnection?: ReactNode;
  /** Above the sections (e.g. what came of Connect with Microsoft). */
  notice?: ReactNode;
  /** In the Email section, under the email template (the template-languages feature's card). */
  templateLanguages?: ReactNode;
  /**
   * The sections after the form's own, each saved by its own card (reminder policy, pilot and
   * managers, digest, ...). A new one is one more entry here; the navigation lists it.
   */
  sections?: readonly PageSection[];
}

/**
 * The Configuration tab: sections a person can jump between (docs/product.md §Screens and routes, Configuration).
 * The first ones are the configuration form, saved together by the bar at its foot.
 */
export function ConfigurationTab({ actions, microsoftConnection, notice, templateLanguages, sections = [] }: ConfigurationTabProps) {
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

  const formSections: PageSection[] = [
    { id: 'connection', title: 'Connection', content: <CredentialsCard microsoftConnection={microsoftConnection} /> },
    {
      id: 'email',
      title: 'Email',
      content: (
        <>
          <EmailTemplateCard />
          {templateLanguages}
        </>
      ),
    },
    {
      id: 'schedule-and-groups',
      title: 'Schedule and groups',
      content: (
        <>
          <ScheduleCard />
          <GroupFiltersCard />
        </>
      ),
    },
  ];
  const ownSections = visibleSections(sections);

  return (
    <div className="grid gap-6 lg:grid-cols-[11rem_minmax(0,1fr)] lg:items-start">
      <SectionNav label="Configuration sections" sections={[...formSections, ...ownSections]} />
      <div className="grid min-w-0 grid-cols-1 gap-6">
        {notice}
        <form noValidate onSubmit={handleSubmit} aria-label="Configuration" className="grid min-w-0 grid-cols-1 gap-6">
          {formSections.map((section) => (
            <SectionBlock key={section.id} section={section} />
          ))}
          {/* Sticky from sm: at phone width a bar over the fields would hide a fifth of the screen. */}
          <div className="z-10 flex flex-wrap items-center justify-end gap-3 rounded-lg border bg-card/95 px-4 py-3 shadow-sm backdrop-blur sm:sticky sm:bottom-0">
            <p className="min-w-0 basis-full text-sm text-muted-foreground sm:mr-auto sm:basis-auto" aria-live="polite">
              {saveStatus(configuration?.configured ?? false, hasUnsavedChanges)}
            </p>
            {actions}
            <SaveConfigurationButton />
          </div>
        </form>
        {ownSections.map((section) => (
          <SectionBlock key={section.id} section={section} />
        ))}
      </div>
    </div>
  );
}

function saveStatus(configured: boolean, unsavedChanges: boolean): string {
  if (!configured) return 'Not saved yet. Test Configuration works once the configuration is saved.';
  return unsavedChanges ? 'You have unsaved changes.' : 'All changes saved.';
}
