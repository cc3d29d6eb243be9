// The mail we build, read by postal-mime: a MIME parser written by nobody here (the simulator's own
// reader shares our assumptions, so a mistake in both would pass mime-message.test.ts).
import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_LANGUAGES, builtInWording, TEMPLATE_KINDS } from '../../shared/domain/built-in-wording/index.js';
import { sampleEmailValues } from '../../shared/domain/email-template.js';
import { LANGUAGES } from '../../shared/domain/languages.js';
import { renderEmail } from '../notifications/index.js';
import { buildMimeMessage } from './mime-message.js';

// postal-mime keeps the line break before the closing boundary (RFC 2046 gives it to the boundary)
// and reports CRLF as written: compare lines, not the final break.
const lines = (value: string) => value.replace(/\r\n/g, '\n').replace(/\n+$/, '');

describe('buildMimeMessage read by postal-mime', () => {
  it('gives back the sender, recipients, subject and both parts of a rendered reminder', async () => {
    const rendered = renderEmail('<p>Hello {{userName}}, your password expires in {{daysRemaining}} days ({{expirationDate}}).</p>', {
      userName: 'Zoë Ångström-Łukasz',
      expirationDate: '3/13/2025',
      daysRemaining: 3,
      companyName: 'Contoso & <Partners>',
      userPrincipalName: 'zoe@contoso.com',
    });
    const raw = await buildMimeMessage({ from: 'passwatch@contoso.com', to: ['zoe@contoso.com', 'helpdesk@contoso.com'], ...rendered });
    const mail = await PostalMime.parse(raw);
    expect(mail.from?.address).toBe('passwatch@contoso.com');
    expect(mail.to?.map((recipient) => recipient.address)).toEqual(['zoe@contoso.com', 'helpdesk@contoso.com']);
    expect(mail.subject).toBe(rendered.subject);
    expect(lines(mail.html ?? '')).toBe(lines(rendered.html));
    expect(lines(mail.text ?? '')).toBe(lines(rendered.text));
    expect(mail.text).toContain('Zoë Ångström-Łukasz');
  });

  it("keeps a subject's opening, closing and doubled spaces (a reader trims a plain header value, so such a subject goes as an encoded word)", async () => {
    for (const subject of [' !', '! ', '  a  b  ', 'a  b', `${'x'.repeat(100)} `]) {
      const mail = await PostalMime.parse(await buildMimeMessage({ from: 'a@contoso.com', to: ['b@contoso.com'], subject, html: '<p>x</p>', text: 'x' }));
      expect(mail.subject, JSON.stringify(subject)).toBe(subject);
    }
  });

  it('round-trips any subject and any HTML and text parts', async () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }).filter((value) => value.trim().length > 0 && !value.includes('\r'));
    await fc.assert(
      fc.asyncProperty(text, text, text, async (subject, html, plain) => {
        const mail = await PostalMime.parse(await buildMimeMessage({ from: 'a@contoso.com', to: ['b@contoso.com'], subject, html, text: plain }));
        expect(mail.subject).toBe(subject);
        expect(lines(mail.html ?? '')).toBe(lines(html));
        expect(lines(mail.text ?? '')).toBe(lines(plain));
      }),
      { numRuns: 200 },
    );
  });
});

describe('every built-in language read back by postal-mime', () => {
  for (const language of BUILT_IN_LANGUAGES) {
    it(`gives back the ${language} subject, HTML and plain text of each built-in template`, async () => {
      const values = sampleEmailValues('2026-11-22', 'Contoso Ltd', LANGUAGES[language].locale);
      for (const kind of TEMPLATE_KINDS) {
        const { subject, template } = builtInWording(kind, language);
        const rendered = renderEmail(template, values, subject, language);
        const mail = await PostalMime.parse(await buildMimeMessage({ from: 'passwatch@contoso.com', to: ['alex.johnson@contoso.com'], ...rendered }));
        expect(mail.subject, kind).toBe(subject);
        expect(lines(mail.html ?? ''), kind).toBe(lines(rendered.html));
        expect(lines(mail.text ?? ''), kind).toBe(lines(rendered.text));
        // The plain-text part keeps the language: its heading and its date as written there.
        const heading = /<h2>(.*?)<\/h2>/.exec(template)?.[1] ?? '';
        expect(heading.length, kind).toBeGreaterThan(0);
        expect(mail.text?.startsWith(`${heading}\n`), kind).toBe(true);
        expect(mail.text, kind).toContain(values.expirationDate);
        expect(mail.html, kind).toContain(`lang="${language}"`);
      }
    });
  }
});
