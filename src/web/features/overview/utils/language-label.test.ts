import { describe, expect, it } from 'vitest';
import { languageLabel } from './language-label';

describe('languageLabel', () => {
  it("names the user's language, and says when the default language is used instead", () => {
    expect(languageLabel('de-DE')).toBe('German (Germany)');
    expect(languageLabel('ja')).toBe('Japanese');
    expect(languageLabel(null)).toBe('Default language');
    expect(languageLabel('ru-RU')).toBe('Russian (Russia) (default language used)');
    expect(languageLabel('not a tag')).toBe('not a tag (default language used)');
  });
});
