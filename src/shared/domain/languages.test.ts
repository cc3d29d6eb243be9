import { describe, expect, it } from 'vitest';
import { canonicalTag, languageName, languageOfTag, LANGUAGES, localeFor } from './languages.js';
import { formatLocalDateFor, formatNumberFor } from './localized-values.js';

describe('languageOfTag', () => {
  it("reads Graph's preferredLanguage in any case and with or without a region", () => {
    expect(languageOfTag('de-DE')).toBe('de');
    expect(languageOfTag('de')).toBe('de');
    expect(languageOfTag('DE-at')).toBe('de');
    expect(languageOfTag('ja-JP')).toBe('ja');
    expect(languageOfTag('pt_BR')).toBe('pt');
    expect(languageOfTag('no-NO')).toBe('nb');
  });

  it('is null for no tag, a malformed one or a language no reminder is written in', () => {
    for (const tag of [null, undefined, '', '  ', 'x', 'not a tag', 'ru-RU']) expect(languageOfTag(tag), String(tag)).toBeNull();
  });
});

describe('localeFor', () => {
  it("is the recipient's tag when it names the language with a region, else the language's usual locale", () => {
    expect(localeFor('de', 'de-CH')).toBe('de-CH');
    expect(localeFor('de', 'de')).toBe('de-DE');
    expect(localeFor('en', 'de-DE')).toBe('en-US');
    expect(localeFor('en', null)).toBe('en-US');
    expect(canonicalTag('en-gb')).toBe('en-GB');
  });
});

describe('dates and numbers for the recipient', () => {
  it('writes the expiry date as each locale does', () => {
    expect(formatLocalDateFor('2026-11-27', 'de-DE')).toBe('27. November 2026');
    expect(formatLocalDateFor('2026-11-27', 'ja-JP')).toBe('2026年11月27日');
    expect(formatLocalDateFor('2026-11-27', 'en-US')).toBe('November 27, 2026');
    expect(formatLocalDateFor('2026-11-27', 'fr-FR')).toBe('27 novembre 2026');
  });

  it('writes every built-in language’s date without moving the day', () => {
    for (const { locale } of Object.values(LANGUAGES)) expect(formatLocalDateFor('2026-01-01', locale), locale).not.toMatch(/2025/);
  });

  it("uses the locale's digits and grouping", () => {
    expect(formatNumberFor(1234, 'de-DE')).toBe('1.234');
    expect(formatNumberFor(5, 'ja-JP')).toBe('5');
  });

  it('names a language in English for sentences', () => {
    expect(languageName('de')).toBe('German');
    expect(languageName('nb')).toBe('Norwegian Bokmål');
  });
});
