import { describe, expect, it } from 'vitest';
import { builtInWording } from '../../../../shared/domain/built-in-wording/index';
import { chooseWording } from '../../../../shared/domain/template-variant';
import { addableLanguages, organizationWording } from './organization-wording';

const languages = {
  defaultLanguage: 'en' as const,
  variants: [{ kind: 'reminder' as const, language: 'de' as const, subject: 'Betreff', template: '<p>Hallo</p>', updatedAt: '2026-11-27T08:00:00.000Z' }],
};

describe('organizationWording', () => {
  it('is what the server chooses from: the form’s reminder template in the default language, the saved variants and after-expiry wording', () => {
    const organization = organizationWording(languages, '<p>Our own English reminder</p>', builtInWording('after_expiry', 'en'));
    expect(chooseWording(organization, 'reminder', 'en')).toMatchObject({ source: 'organization', template: '<p>Our own English reminder</p>' });
    expect(chooseWording(organization, 'reminder', 'de')).toMatchObject({ source: 'organization', subject: 'Betreff' });
    expect(chooseWording(organization, 'after_expiry', 'ja')).toMatchObject({ source: 'built_in', language: 'ja' });
  });

  it('has no main reminder while the configuration holds none yet', () => {
    expect(organizationWording(languages, '  ', null).main).toEqual({ reminder: null, after_expiry: null });
  });
});

describe('addableLanguages', () => {
  it('offers every language but the default one and those written for the template', () => {
    const reminder = addableLanguages(languages, 'reminder');
    expect(reminder).not.toContain('en');
    expect(reminder).not.toContain('de');
    expect(reminder).toContain('ja');
    expect(addableLanguages(languages, 'after_expiry')).toContain('de');
  });
});
