import { useState } from 'react';
import type { TemplateKind } from '../../../../shared/domain/built-in-wording/index';
import { LANGUAGE_CODES, LANGUAGES, type Language } from '../../../../shared/domain/languages';
import { chooseWording, describeChoice, type OrganizationWording } from '../../../../shared/domain/template-variant';
import { TemplatePreview } from '@/components/email-template-editor/template-preview';
import { Label } from '@/components/ui/label';
import { NativeSelect } from './native-select';

/** What a reader of any language gets, chosen as the server chooses (chooseWording), and which wording that is. */
export function LanguagePreview({
  organization,
  kind,
  companyName,
  timeZone,
  initialLanguage,
}: {
  organization: OrganizationWording;
  kind: TemplateKind;
  companyName: string;
  timeZone?: string | undefined;
  initialLanguage: Language;
}) {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const chosen = chooseWording(organization, kind, language);
  return (
    <div className="grid gap-2">
      <div className="grid max-w-sm gap-1">
        <Label htmlFor={`preview-language-${kind}`}>Preview for a reader of</Label>
        <NativeSelect
          id={`preview-language-${kind}`}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          options={LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGES[code].name }))}
        />
      </div>
      <p className="text-sm" data-testid="language-preview-source">
        {describeChoice(chosen, language)}
      </p>
      <TemplatePreview
        templateHtml={chosen.template}
        subject={chosen.subject}
        companyName={companyName}
        timeZone={timeZone}
        language={chosen.language}
        title={`Preview for a ${LANGUAGES[language].name} reader`}
      />
    </div>
  );
}
