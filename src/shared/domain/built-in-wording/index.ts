// The built-in reminder and after-expiry wording in every language Passwatch writes itself
// (docs/product.md §Reminder languages): an organization that has written no variant of a language
// sends these.
import type { Language } from '../languages.js';
import { GERMAN } from './de.js';
import { ENGLISH } from './en.js';
import { SPANISH } from './es.js';
import { FRENCH } from './fr.js';
import { ITALIAN } from './it.js';
import { JAPANESE } from './ja.js';
import { DUTCH } from './nl.js';
import { POLISH } from './pl.js';
import { PORTUGUESE } from './pt.js';
import { SWEDISH } from './sv.js';
import { afterExpiryTemplate, type LanguageWording, reminderTemplate } from './wording-markup.js';

const WORDING = {
  en: ENGLISH,
  de: GERMAN,
  fr: FRENCH,
  es: SPANISH,
  it: ITALIAN,
  nl: DUTCH,
  pt: PORTUGUESE,
  pl: POLISH,
  sv: SWEDISH,
  ja: JAPANESE,
} as const satisfies Partial<Record<Language, LanguageWording>>;

export type BuiltInLanguage = keyof typeof WORDING;
export const BUILT_IN_LANGUAGES = Object.keys(WORDING) as BuiltInLanguage[];

/** The templates an organization has: the reminder, and the one its reminder policy sends after the expiry. */
export const TEMPLATE_KINDS = ['reminder', 'after_expiry'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface Wording {
  subject: string;
  template: string;
}

export function isBuiltInLanguage(language: string): language is BuiltInLanguage {
  return Object.hasOwn(WORDING, language);
}

/** The built-in subject and template of `kind` in `language`. */
export function builtInWording(kind: TemplateKind, language: BuiltInLanguage): Wording {
  const wording = WORDING[language];
  return kind === 'reminder'
    ? { subject: wording.reminder.subject, template: reminderTemplate(wording.reminder) }
    : { subject: wording.afterExpiry.subject, template: afterExpiryTemplate(wording.afterExpiry, wording.reminder) };
}

/** The mail frame's footer line in `language` ({{companyName}} still in it). */
export function builtInFooter(language: BuiltInLanguage): string {
  return WORDING[language].footer;
}

/** True when `template` is one of the built-in templates of `kind` as they come, in any language. */
export function isBuiltInTemplate(kind: TemplateKind, template: string): boolean {
  return BUILT_IN_LANGUAGES.some((language) => builtInWording(kind, language).template === template);
}
