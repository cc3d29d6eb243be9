import { type KeyboardEvent, useState } from 'react';
import { templateLanguageMessages, type TemplateVariantDto } from '../../../../shared/api/template-languages';
import type { TemplateKind, Wording } from '../../../../shared/domain/built-in-wording/index';
import { LANGUAGES, type Language } from '../../../../shared/domain/languages';
import { LazyEmailTemplateEditor } from '@/components/email-template-editor/lazy-email-template-editor';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { fieldErrorsOf, getErrorMessage } from '@/lib/error-message';
import { useRemoveVariant, useSaveVariant } from '../api/template-languages';

/** The subject and template of one language's variant, saved on its own (the card sits inside the configuration form). */
export function VariantEditor({
  kind,
  language,
  saved,
  initial,
  companyName,
  timeZone,
  onSaved,
  onRemoved,
}: {
  kind: TemplateKind;
  language: Language;
  saved: TemplateVariantDto | null;
  initial: Wording;
  companyName: string;
  timeZone?: string | undefined;
  onSaved: () => void;
  onRemoved: () => void;
}) {
  const [draft, setDraft] = useState<Wording>({ subject: initial.subject, template: initial.template });
  const save = useSaveVariant();
  const remove = useRemoveVariant();
  const errors = save.error ? fieldErrorsOf(save.error) : {};
  const name = LANGUAGES[language].name;

  function saveVariant() {
    save.mutate(
      { kind, language, body: draft },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: templateLanguageMessages.variantSaved });
          onSaved();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save the variant.') }),
      },
    );
  }

  function removeVariant() {
    remove.mutate(
      { kind, language },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: templateLanguageMessages.variantRemoved });
          onRemoved();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to remove the variant.') }),
      },
    );
  }

  // Enter in the subject must not submit the configuration form around the card.
  const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <section aria-label={`${name} template`} className="grid gap-4 rounded-md border p-4">
      {saved === null ? (
        <p className="text-sm text-muted-foreground">Not saved yet: {name} readers get the wording the preview below names until you save.</p>
      ) : null}
      <FormField id={`variant-subject-${kind}-${language}`} label={`${name} subject`} error={errors.subject?.[0]}>
        {(control) => (
          <Input {...control} value={draft.subject} onKeyDown={keepEnter} onChange={(event) => setDraft({ ...draft, subject: event.target.value })} />
        )}
      </FormField>
      <FormField id={`variant-template-${kind}-${language}`} label={`${name} template`} error={errors.template?.[0]}>
        {(control) => (
          <LazyEmailTemplateEditor
            {...control}
            ariaLabel={`${name} template`}
            previewTitle={`${name} template preview`}
            previewSubject={draft.subject}
            previewLanguage={language}
            value={draft.template}
            onChange={(template) => setDraft((previous) => ({ ...previous, template }))}
            companyName={companyName}
            timeZone={timeZone}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        {saved !== null ? (
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={removeVariant}>
            {remove.isPending ? 'Removing...' : `Remove ${name} variant`}
          </Button>
        ) : null}
        <Button type="button" disabled={save.isPending} onClick={saveVariant}>
          {save.isPending ? 'Saving...' : `Save ${name} variant`}
        </Button>
      </div>
    </section>
  );
}
