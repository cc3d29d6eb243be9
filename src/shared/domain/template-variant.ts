// Which wording a recipient gets (docs/product.md §Reminder languages). One function for the check,
// the dry run, the forecast, pilot mode, the manual and test send and the editor's preview, so what
// the preview says is what is sent.
import {
  BUILT_IN_LANGUAGES,
  builtInWording,
  isBuiltInLanguage,
  isBuiltInTemplate,
  type BuiltInLanguage,
  type TemplateKind,
  type Wording,
} from './built-in-wording/index.js';
import { DEFAULT_LANGUAGE, type Language, languageName, languageOfTag, localeFor } from './languages.js';

/** A template the organization wrote for one language. */
export interface TemplateVariant extends Wording {
  kind: TemplateKind;
  language: Language;
}

/** Everything the choice reads about an organization. */
export interface OrganizationWording {
  defaultLanguage: Language;
  /**
   * The organization's main templates (the configuration's reminder template, the reminder
   * policy's after-expiry wording), written in its default language; null for none saved.
   */
  main: Readonly<Record<TemplateKind, Wording | null>>;
  /** The variants written per language. */
  variants: readonly TemplateVariant[];
}

/**
 * organization: the organization's own wording in the recipient's language; built_in: the
 * built-in one in that language; default_language: the organization has neither, so its default
 * language's wording (its own, else the built-in one) goes out.
 */
export const WORDING_SOURCES = ['organization', 'built_in', 'default_language'] as const;
type WordingSource = (typeof WORDING_SOURCES)[number];

export interface ChosenWording extends Wording {
  /** The language the wording is written in. */
  language: Language;
  source: WordingSource;
  /** In the fallback case: whether the default language's wording is the organization's own or built in. */
  fromOrganization: boolean;
}

/**
 * A main template that is a built-in one as it came (the default saved as offered) is no wording
 * of the organization's own: such an organization sends each user the built-in wording in their
 * own language.
 */
function isEdited(kind: TemplateKind, wording: Wording): boolean {
  const subjectBuiltIn = BUILT_IN_LANGUAGES.some((language) => builtInWording(kind, language).subject === wording.subject);
  return !(subjectBuiltIn && isBuiltInTemplate(kind, wording.template));
}

/** The organization's own wording of `kind` in `language`: a variant, else the main template in the default language. */
function organizationWording(organization: OrganizationWording, kind: TemplateKind, language: Language): Wording | null {
  const variant = organization.variants.find((candidate) => candidate.kind === kind && candidate.language === language);
  if (variant) return { subject: variant.subject, template: variant.template };
  const main = organization.main[kind];
  return language === organization.defaultLanguage && main !== null && isEdited(kind, main) ? main : null;
}

/**
 * The wording of `kind` for a recipient whose language is `recipientLanguage` (null: unknown or
 * one no reminder is written in): the organization's variant of that language, else the built-in
 * wording of that language, else the organization's default language's wording (its own, else
 * built in, else English).
 */
export function chooseWording(organization: OrganizationWording, kind: TemplateKind, recipientLanguage: Language | null): ChosenWording {
  const language = recipientLanguage ?? organization.defaultLanguage;
  const own = organizationWording(organization, kind, language);
  if (own) return { ...own, language, source: 'organization', fromOrganization: true };
  if (isBuiltInLanguage(language)) return { ...builtInWording(kind, language), language, source: 'built_in', fromOrganization: false };
  const fallback = organization.defaultLanguage;
  const fallbackOwn = organizationWording(organization, kind, fallback);
  if (fallbackOwn) return { ...fallbackOwn, language: fallback, source: 'default_language', fromOrganization: true };
  const builtInFallback: BuiltInLanguage = isBuiltInLanguage(fallback) ? fallback : DEFAULT_LANGUAGE;
  return { ...builtInWording(kind, builtInFallback), language: builtInFallback, source: 'default_language', fromOrganization: false };
}

/** What the preview says about the wording it shows for a recipient reading `requested`. */
export function describeChoice(chosen: ChosenWording, requested: Language): string {
  switch (chosen.source) {
    case 'organization':
      return `The organization's own ${languageName(chosen.language)} wording.`;
    case 'built_in':
      return `No ${languageName(requested)} wording of the organization's own: the built-in ${languageName(chosen.language)} wording.`;
    case 'default_language':
      return (
        `No ${languageName(requested)} wording, own or built in: the ${chosen.fromOrganization ? "organization's own" : 'built-in'} ` +
        `${languageName(chosen.language)} wording of the default language.`
      );
  }
}

/** The configuration's reminder template as the main wording: its subject is the default language's built-in one (English when there is none). */
export function mainReminderWording(template: string, defaultLanguage: Language): Wording {
  return { subject: builtInWording('reminder', isBuiltInLanguage(defaultLanguage) ? defaultLanguage : DEFAULT_LANGUAGE).subject, template };
}

export interface RecipientWording extends ChosenWording {
  /** The locale dates and numbers are written for (localeFor). */
  locale: string;
}

/** The wording for a recipient whose Graph preferredLanguage is `recipientTag` (null: none), with the locale of its dates. */
export function wordingForRecipient(organization: OrganizationWording, kind: TemplateKind, recipientTag: string | null): RecipientWording {
  const chosen = chooseWording(organization, kind, languageOfTag(recipientTag));
  return { ...chosen, locale: localeFor(chosen.language, recipientTag) };
}
