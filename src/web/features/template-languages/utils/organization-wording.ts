import type { TemplateLanguages } from '../../../../shared/api/template-languages';
import type { TemplateKind, Wording } from '../../../../shared/domain/built-in-wording/index';
import { LANGUAGE_CODES, type Language } from '../../../../shared/domain/languages';
import { mainReminderWording, type OrganizationWording } from '../../../../shared/domain/template-variant';

/** What the server chooses from, built from the form's reminder template and the saved languages and after-expiry wording. */
export function organizationWording(languages: TemplateLanguages, reminderTemplate: string, afterExpiry: Wording | null): OrganizationWording {
  return {
    defaultLanguage: languages.defaultLanguage,
    main: { reminder: reminderTemplate.trim() === '' ? null : mainReminderWording(reminderTemplate, languages.defaultLanguage), after_expiry: afterExpiry },
    variants: languages.variants,
  };
}

/** The languages a variant of `kind` can still be added in: not the default language (the main template), not one written already. */
export function addableLanguages(languages: TemplateLanguages, kind: TemplateKind): Language[] {
  const written = new Set(languages.variants.filter((variant) => variant.kind === kind).map((variant) => variant.language));
  return LANGUAGE_CODES.filter((language) => language !== languages.defaultLanguage && !written.has(language));
}
