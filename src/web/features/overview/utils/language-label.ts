import { languageOfTag } from '../../../../shared/domain/languages';

const displayNames = new Intl.DisplayNames('en', { type: 'language', fallback: 'code' });

/**
 * A user's preferredLanguage as the users table shows it: 'German (Germany)'; 'Default language'
 * when the directory has none, and said so when no reminder is written in it (the organization's
 * default language goes out then).
 */
export function languageLabel(tag: string | null): string {
  if (tag === null) return 'Default language';
  let name: string;
  try {
    name = displayNames.of(tag) ?? tag;
  } catch {
    name = tag;
  }
  return languageOfTag(tag) === null ? `${name} (default language used)` : name;
}
