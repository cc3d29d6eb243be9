import { describe, expect, it } from 'vitest';
import { builtInWording } from './built-in-wording/index.js';
import { chooseWording, describeChoice, mainReminderWording, type OrganizationWording, wordingForRecipient } from './template-variant.js';

const GERMAN_VARIANT = { kind: 'reminder', language: 'de', subject: 'Kennwort läuft ab', template: '<p>Hallo {{userName}}, bald!</p>' } as const;
const EDITED_MAIN = { subject: 'Password Expiration Notice', template: '<p>Contoso: {{userName}}, change your password.</p>' };

function organization(overrides: Partial<OrganizationWording> = {}): OrganizationWording {
  return { defaultLanguage: 'en', main: { reminder: EDITED_MAIN, after_expiry: null }, variants: [], ...overrides };
}

describe('chooseWording: the wording a recipient gets', () => {
  it("is the organization's variant in the recipient's language", () => {
    const chosen = chooseWording(organization({ variants: [GERMAN_VARIANT] }), 'reminder', 'de');
    expect(chosen).toMatchObject({ language: 'de', source: 'organization', subject: GERMAN_VARIANT.subject, template: GERMAN_VARIANT.template });
  });

  it("is the organization's main template for a recipient of the default language", () => {
    expect(chooseWording(organization(), 'reminder', 'en')).toMatchObject({ language: 'en', source: 'organization', template: EDITED_MAIN.template });
  });

  it('is the built-in wording of the recipient language when the organization wrote none in it', () => {
    const chosen = chooseWording(organization({ variants: [GERMAN_VARIANT] }), 'reminder', 'fr');
    expect(chosen).toMatchObject({ language: 'fr', source: 'built_in', ...builtInWording('reminder', 'fr') });
  });

  it("is the default language's own wording for a language with neither a variant nor a built-in one", () => {
    const chosen = chooseWording(organization(), 'reminder', 'ar');
    expect(chosen).toMatchObject({ language: 'en', source: 'default_language', fromOrganization: true, template: EDITED_MAIN.template });
  });

  it("is the default language's built-in wording when the organization has no own wording there either", () => {
    const chosen = chooseWording(organization({ defaultLanguage: 'de', main: { reminder: null, after_expiry: null } }), 'after_expiry', 'he');
    expect(chosen).toMatchObject({ language: 'de', source: 'default_language', fromOrganization: false, ...builtInWording('after_expiry', 'de') });
  });

  it('is English built in when the default language has no built-in wording and the organization wrote none', () => {
    const chosen = chooseWording(organization({ defaultLanguage: 'ko', main: { reminder: null, after_expiry: null } }), 'reminder', 'ar');
    expect(chosen).toMatchObject({ language: 'en', source: 'default_language', fromOrganization: false, ...builtInWording('reminder', 'en') });
  });

  it('reads a recipient without a language as one of the default language', () => {
    const chosen = chooseWording(organization({ defaultLanguage: 'de', variants: [GERMAN_VARIANT] }), 'reminder', null);
    expect(chosen).toMatchObject({ language: 'de', source: 'organization', template: GERMAN_VARIANT.template });
  });

  it('sends each user the built-in wording of their own language when the main template is a built-in one as it came', () => {
    for (const main of [builtInWording('reminder', 'en'), mainReminderWording(builtInWording('reminder', 'en').template, 'en')]) {
      const unedited = organization({ main: { reminder: main, after_expiry: builtInWording('after_expiry', 'en') } });
      expect(chooseWording(unedited, 'reminder', 'ja')).toMatchObject({ source: 'built_in', ...builtInWording('reminder', 'ja') });
      expect(chooseWording(unedited, 'after_expiry', 'de')).toMatchObject({ source: 'built_in', ...builtInWording('after_expiry', 'de') });
      expect(chooseWording(unedited, 'reminder', 'en')).toMatchObject({ source: 'built_in', ...builtInWording('reminder', 'en') });
    }
  });

  it("keeps each kind's variants apart", () => {
    const chosen = chooseWording(organization({ variants: [GERMAN_VARIANT] }), 'after_expiry', 'de');
    expect(chosen).toMatchObject({ source: 'built_in', ...builtInWording('after_expiry', 'de') });
  });

  it('gives the main reminder template the default language’s built-in subject', () => {
    expect(mainReminderWording('<p>x</p>', 'de').subject).toBe(builtInWording('reminder', 'de').subject);
    expect(mainReminderWording('<p>x</p>', 'ko').subject).toBe(builtInWording('reminder', 'en').subject);
  });
});

describe('wordingForRecipient', () => {
  it("maps Graph's tag to a language and keeps the recipient's region for the dates", () => {
    const org = organization({ variants: [GERMAN_VARIANT] });
    expect(wordingForRecipient(org, 'reminder', 'de-AT')).toMatchObject({ language: 'de', locale: 'de-AT', source: 'organization' });
    expect(wordingForRecipient(org, 'reminder', 'de')).toMatchObject({ language: 'de', locale: 'de-DE' });
    expect(wordingForRecipient(org, 'reminder', 'ja-JP')).toMatchObject({ language: 'ja', locale: 'ja-JP', source: 'built_in' });
  });

  it("writes a fallback's dates in the fallback language, never the recipient's", () => {
    expect(wordingForRecipient(organization(), 'reminder', 'ar-EG')).toMatchObject({ language: 'en', locale: 'en-US', source: 'default_language' });
    expect(wordingForRecipient(organization(), 'reminder', 'not a tag')).toMatchObject({ language: 'en', locale: 'en-US', source: 'organization' });
  });
});

describe('describeChoice', () => {
  it('says which wording the preview shows', () => {
    const org = organization({ variants: [GERMAN_VARIANT] });
    expect(describeChoice(chooseWording(org, 'reminder', 'de'), 'de')).toBe("The organization's own German wording.");
    expect(describeChoice(chooseWording(org, 'reminder', 'fr'), 'fr')).toBe("No French wording of the organization's own: the built-in French wording.");
    expect(describeChoice(chooseWording(org, 'reminder', 'ar'), 'ar')).toBe(
      "No Arabic wording, own or built in: the organization's own English wording of the default language.",
    );
  });
});
