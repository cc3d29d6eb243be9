import { languageOfTag } from '../../../../shared/domain/languages';

// Built on first use, not when the module loads: constructing it loads the browser's table of
// language names, about 100 ms of main thread on a desktop (docs/architecture.md §Web performance),
// which the dashboard's first view need not wait for (a table without languages never pays it).
let displayNames: Intl.DisplayNames | undefined;
const languageNames = () => {
  displayNames ??= new Intl.DisplayNames('en', { type: 'language', fallback: 'code' });
  return displayNames;
};

/**
 * A user's preferredLanguage as the users table shows it: 'German (Germany)'; 'Default language'
 * when the directory has none, and said so when no reminder is written in it (the organization's
 * default language goes out then).
 */
export function languageLabel(tag: string | null): string {
  if (tag === null) return 'Default language';
  let name: string;
  try {
    name = languageNames().of(tag) ?? tag;
  } catch {
    name = tag;
  }
  return languageOfTag(tag) === null ? `${name} (default language used)` : name;
}
