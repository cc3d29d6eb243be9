// Every built-in template, in every language, filled with any values: what a recipient reads has
// every variable replaced, in the HTML and in the plain-text part.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_LANGUAGES, builtInWording, TEMPLATE_KINDS } from '../../shared/domain/built-in-wording/index.js';
import { CHANGE_PASSWORD_URL } from '../../shared/domain/email-template.js';
import { escapeHtml } from '../../shared/domain/escape-html.js';
import { LANGUAGES } from '../../shared/domain/languages.js';
import { formatLocalDateFor, formatNumberFor } from '../../shared/domain/localized-values.js';
import { isLocalDate } from '../../shared/domain/local-date.js';
import { renderEmail } from './render-email.js';

// A value as the directory may hold it, in any script; whitespace collapses in HTML, so none of it here.
const word = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((value) => !/[\s\p{C}{}]/u.test(value));
const localDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))
  .filter(isLocalDate);

describe('the built-in templates', () => {
  for (const kind of TEMPLATE_KINDS) {
    it(`render in every language with every variable filled (${kind})`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...BUILT_IN_LANGUAGES),
          word,
          word,
          word,
          fc.integer({ min: -60, max: 400 }),
          localDate,
          (language, userName, companyName, userPrincipalName, daysRemaining, expiryDate) => {
            const { locale } = LANGUAGES[language];
            const expirationDate = formatLocalDateFor(expiryDate, locale);
            const { subject, template } = builtInWording(kind, language);
            const mail = renderEmail(template, { userName, companyName, userPrincipalName, daysRemaining, expirationDate, locale }, subject, language);
            for (const part of [mail.html, mail.text]) expect(part).not.toMatch(/\{\{\w+\}\}/);
            expect(mail.html).toContain(`<html lang="${language}"`);
            expect(mail.html).toContain(`<title>${escapeHtml(subject)}</title>`);
            // The text part is read from the filled, sanitised HTML: each value came through it whole.
            for (const value of [userName, companyName, expirationDate]) expect(mail.text).toContain(value);
            if (kind === 'reminder') expect(mail.text).toContain(formatNumberFor(daysRemaining, locale));
            else {
              expect(mail.text).toContain(userPrincipalName);
              expect(mail.html).toContain(`href="${CHANGE_PASSWORD_URL}"`);
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
