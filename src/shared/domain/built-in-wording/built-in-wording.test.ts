import { describe, expect, it } from 'vitest';
import { TEMPLATE_VARIABLES } from '../configuration-defaults.js';
import { BUILT_IN_LANGUAGES, builtInFooter, builtInWording, isBuiltInTemplate, TEMPLATE_KINDS } from './index.js';

// The English wording exactly as organizations saved it before there were other languages: a saved
// copy must still read as the built-in template, so that its users get their own language.
const SAVED_ENGLISH_REMINDER = [
  '<h2>Your password expires soon</h2>',
  '<p>Hello {{userName}},</p>',
  '<p>The password for your <strong>{{companyName}}</strong> account expires on ' +
    '<strong>{{expirationDate}}</strong>. Days remaining: <strong><span ' +
    'style="color:#dc2626">{{daysRemaining}}</span></strong>.</p>',
  '<p>Change it now to keep access to email, Teams and your other work apps:</p>',
  '<ol>',
  '<li><p>Sign in at <a href="https://myaccount.microsoft.com" target="_blank" rel="noopener noreferrer ' + 'nofollow">myaccount.microsoft.com</a>.</p></li>',
  '<li><p>Select <strong>Password</strong>, then <strong>Change password</strong>.</p></li>',
  '<li><p>Enter your current password, then a new one you have not used before.</p></li>',
  '</ol>',
  '<p><mark data-color="#fef08a" style="background-color:#fef08a;color:inherit">If the password expires before ' +
    'you change it, you will be signed out of every app and need the help desk to get back in.</mark></p>',
  '<p>This reminder was sent automatically. If you did not expect it, contact your IT help desk; never share your ' + 'password with anyone, including IT.</p>',
  '<p>Thank you,<br />{{companyName}} IT</p>',
].join('');
const SAVED_ENGLISH_AFTER_EXPIRY = [
  '<h2>Your password has expired</h2>',
  '<p>Hello {{userName}},</p>',
  '<p>The password of your <strong>{{companyName}}</strong> account <strong>{{userPrincipalName}}</strong> ' +
    'expired on <strong>{{expirationDate}}</strong>.</p>',
  '<p>If you can still sign in, change it now at <a href="{{changePasswordUrl}}" target="_blank" rel="noopener ' +
    'noreferrer nofollow">Change password</a>. If you cannot, contact your IT help desk to have it reset.</p>',
  '<p>Thank you,<br />{{companyName}} IT</p>',
].join('');

const variablesOf = (text: string) => TEMPLATE_VARIABLES.filter((variable) => text.includes(variable));

describe('the built-in wording', () => {
  it('is, in English, the templates organizations saved before', () => {
    expect(builtInWording('reminder', 'en')).toEqual({ subject: 'Password Expiration Notice', template: SAVED_ENGLISH_REMINDER });
    expect(builtInWording('after_expiry', 'en')).toEqual({ subject: 'Your password has expired', template: SAVED_ENGLISH_AFTER_EXPIRY });
    expect(isBuiltInTemplate('reminder', SAVED_ENGLISH_REMINDER)).toBe(true);
    expect(isBuiltInTemplate('reminder', `${SAVED_ENGLISH_REMINDER}<p>Edited</p>`)).toBe(false);
  });

  it('exists in the ten languages', () => {
    expect(BUILT_IN_LANGUAGES).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'ja']);
  });

  for (const kind of TEMPLATE_KINDS) {
    it(`uses in every language the variables the English ${kind} uses, and is its own text`, () => {
      const english = builtInWording(kind, 'en');
      for (const language of BUILT_IN_LANGUAGES) {
        const wording = builtInWording(kind, language);
        expect(variablesOf(wording.template), language).toEqual(variablesOf(english.template));
        expect(wording.subject.trim().length, language).toBeGreaterThan(0);
        expect(/[\r\n]/.test(wording.subject), language).toBe(false);
        if (language !== 'en') {
          expect(wording.template, language).not.toBe(english.template);
          expect(wording.subject, language).not.toBe(english.subject);
        }
      }
    });
  }

  it('has a footer with the company in every language', () => {
    for (const language of BUILT_IN_LANGUAGES) expect(builtInFooter(language), language).toContain('{{companyName}}');
  });
});
