import { LanguagesIcon } from 'lucide-react';
import { useState } from 'react';
import { templateLanguageMessages } from '../../../../shared/api/template-languages';
import { builtInWording, type TemplateKind, TEMPLATE_KINDS } from '../../../../shared/domain/built-in-wording/index';
import { LANGUAGE_CODES, LANGUAGES, type Language } from '../../../../shared/domain/languages';
import { chooseWording } from '../../../../shared/domain/template-variant';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useConfigurationQuery } from '@/lib/configuration-queries';
import { useTenantContext } from '@/lib/tenant-context';
import { useAfterExpiryWording, useSetDefaultLanguage, useTemplateLanguages } from '../api/template-languages';
import { addableLanguages, organizationWording } from '../utils/organization-wording';
import { LanguagePreview } from './language-preview';
import { VariantEditor } from './variant-editor';
import { NativeSelect } from './native-select';

const KIND_LABELS: Record<TemplateKind, string> = { reminder: 'Reminder', after_expiry: 'After-expiry reminder' };

/**
 * docs/product.md §Reminder languages: the organization's default language, its templates per
 * language (a switcher, "add a language") and a preview per language that says which wording a
 * reader of that language gets, from the saved reminder template and after-expiry wording.
 */
export function TemplateLanguagesCard() {
  const companyName = useTenantContext().selectedTenant?.name ?? '';
  const configuration = useConfigurationQuery();
  const reminderTemplate = configuration.data?.emailTemplate ?? '';
  const timeZone = configuration.data?.timeZone;
  const languages = useTemplateLanguages();
  const afterExpiry = useAfterExpiryWording();
  const setDefault = useSetDefaultLanguage();
  const [kind, setKind] = useState<TemplateKind>('reminder');
  const [selected, setSelected] = useState<Language | null>(null);
  const [adding, setAdding] = useState<Language | null>(null);

  if (languages.error) return <LoadErrorAlert title="Unable to load the template languages" error={languages.error} onRetry={() => void languages.refetch()} />;
  if (!languages.data) return <Spinner label="Loading the template languages" />;
  const data = languages.data;
  const organization = organizationWording(data, reminderTemplate, afterExpiry.data ?? null);
  const variants = data.variants.filter((variant) => variant.kind === kind);
  const tabs: Language[] = [data.defaultLanguage, ...variants.map((variant) => variant.language), ...(adding ? [adding] : [])];
  const current = selected !== null && tabs.includes(selected) ? selected : data.defaultLanguage;
  const addable = addableLanguages(data, kind).filter((language) => language !== adding);
  const saved = variants.find((variant) => variant.language === current);

  function changeDefault(language: Language) {
    setDefault.mutate(language, {
      onSuccess: () => toast({ title: 'Success', description: templateLanguageMessages.defaultLanguageSaved }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save the default language.') }),
    });
  }

  function addLanguage(language: Language) {
    setAdding(language);
    setSelected(language);
  }

  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={LanguagesIcon}>Languages</CardIconTitle>
        <CardDescription>
          Each user gets reminders in their Microsoft 365 language. A language you have not written a template for gets Passwatch&rsquo;s built-in wording in
          that language; a language without one gets the default language&rsquo;s.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="default-language">Default language</Label>
            <NativeSelect
              id="default-language"
              value={data.defaultLanguage}
              disabled={setDefault.isPending}
              onChange={(value) => changeDefault(value as Language)}
              options={LANGUAGE_CODES.map((language) => ({ value: language, label: LANGUAGES[language].name }))}
            />
            <p className="text-xs text-muted-foreground">
              For users without a language, or one Passwatch has no wording for. The main template is written in it.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="template-kind">Template</Label>
            <NativeSelect
              id="template-kind"
              value={kind}
              onChange={(value) => {
                setKind(value as TemplateKind);
                setAdding(null);
              }}
              options={TEMPLATE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
            />
          </div>
        </div>

        <div className="flex flex-wrap items-end gap-2">
          <div role="tablist" aria-label="Template language" className="flex flex-wrap gap-1">
            {tabs.map((language) => (
              <Button
                key={language}
                type="button"
                role="tab"
                aria-selected={language === current}
                variant={language === current ? 'default' : 'outline'}
                size="sm"
                onClick={() => setSelected(language)}
              >
                {LANGUAGES[language].name}
                {language === data.defaultLanguage ? ' · default' : ''}
              </Button>
            ))}
          </div>
          {addable.length > 0 ? (
            <div className="ml-auto grid gap-1">
              <Label htmlFor="add-language">Add a language</Label>
              <NativeSelect
                id="add-language"
                value=""
                placeholder="Choose a language…"
                onChange={(value) => addLanguage(value as Language)}
                options={addable.map((language) => ({ value: language, label: LANGUAGES[language].name }))}
              />
            </div>
          ) : null}
        </div>

        {current === data.defaultLanguage ? (
          <p className="text-sm text-muted-foreground">
            The {LANGUAGES[current].name} wording is the main template:{' '}
            {kind === 'reminder' ? 'edit it in the Email Template card above.' : 'edit it in the reminder policy below.'}
          </p>
        ) : (
          <VariantEditor
            key={`${kind}-${current}`}
            kind={kind}
            language={current}
            saved={saved ?? null}
            // A new variant starts from the wording that language's readers get now.
            initial={saved ?? chooseWording(organization, kind, current) ?? builtInWording(kind, 'en')}
            companyName={companyName}
            timeZone={timeZone}
            onRemoved={() => {
              setAdding(null);
              setSelected(data.defaultLanguage);
            }}
            onSaved={() => setAdding(null)}
          />
        )}

        <LanguagePreview organization={organization} kind={kind} companyName={companyName} timeZone={timeZone} initialLanguage={current} />
      </CardContent>
    </Card>
  );
}
