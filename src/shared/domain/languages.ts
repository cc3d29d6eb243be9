// The languages a reminder can be written in (docs/product.md §Reminder languages). A language is
// its primary subtag ('de'): Graph's preferredLanguage 'de-DE', 'de-AT' or 'de' all read a German
// variant; the full tag still picks the date format ('de-AT' writes 'Jänner').

export interface LanguageInfo {
  /** As the admin sees it in the language switcher: the English name, then the language's own. */
  name: string;
  /** The locale dates and numbers follow when the recipient's tag names no region ('de' -> 'de-DE'). */
  locale: string;
  rtl: boolean;
}

export const LANGUAGES = {
  en: { name: 'English', locale: 'en-US', rtl: false },
  de: { name: 'German (Deutsch)', locale: 'de-DE', rtl: false },
  fr: { name: 'French (Français)', locale: 'fr-FR', rtl: false },
  es: { name: 'Spanish (Español)', locale: 'es-ES', rtl: false },
  it: { name: 'Italian (Italiano)', locale: 'it-IT', rtl: false },
  nl: { name: 'Dutch (Nederlands)', locale: 'nl-NL', rtl: false },
  pt: { name: 'Portuguese (Português)', locale: 'pt-BR', rtl: false },
  pl: { name: 'Polish (Polski)', locale: 'pl-PL', rtl: false },
  sv: { name: 'Swedish (Svenska)', locale: 'sv-SE', rtl: false },
  ja: { name: 'Japanese (日本語)', locale: 'ja-JP', rtl: false },
  da: { name: 'Danish (Dansk)', locale: 'da-DK', rtl: false },
  fi: { name: 'Finnish (Suomi)', locale: 'fi-FI', rtl: false },
  nb: { name: 'Norwegian Bokmål (Norsk bokmål)', locale: 'nb-NO', rtl: false },
  cs: { name: 'Czech (Čeština)', locale: 'cs-CZ', rtl: false },
  tr: { name: 'Turkish (Türkçe)', locale: 'tr-TR', rtl: false },
  zh: { name: 'Chinese (中文)', locale: 'zh-CN', rtl: false },
  ko: { name: 'Korean (한국어)', locale: 'ko-KR', rtl: false },
  ar: { name: 'Arabic (العربية)', locale: 'ar', rtl: true },
  he: { name: 'Hebrew (עברית)', locale: 'he-IL', rtl: true },
} as const satisfies Record<string, LanguageInfo>;

export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** The organization's default language until it picks one. */
export const DEFAULT_LANGUAGE = 'en' satisfies Language;

/** 'German': the English name alone, as a sentence uses it. */
export function languageName(language: Language): string {
  return LANGUAGES[language].name.replace(/ \(.*\)$/, '');
}

export function isLanguage(value: string): value is Language {
  return Object.hasOwn(LANGUAGES, value);
}

/** A well-formed BCP 47 tag in its canonical case ('de-de' -> 'de-DE'); null for anything else. */
export function canonicalTag(tag: string | null | undefined): string | null {
  if (!tag?.trim()) return null;
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/** The language a preferredLanguage tag asks for, when a reminder can be written in it; null otherwise. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const canonical = canonicalTag(tag);
  if (canonical === null) return null;
  const primary = canonical.split('-')[0]?.toLowerCase() ?? '';
  // 'no' (Norwegian) reads the Bokmål variant, as Windows and Outlook do.
  const language = primary === 'no' ? 'nb' : primary;
  return isLanguage(language) ? language : null;
}

/**
 * The locale a mail in `language` writes its dates and numbers for: the recipient's own tag when
 * it names that language with a region ('de-AT', 'en-GB'), else the language's usual locale. A
 * mail in the fallback language never mixes in the recipient's date format.
 */
export function localeFor(language: Language, recipientTag: string | null | undefined): string {
  const canonical = canonicalTag(recipientTag);
  return canonical?.includes('-') && languageOfTag(canonical) === language ? canonical : LANGUAGES[language].locale;
}
