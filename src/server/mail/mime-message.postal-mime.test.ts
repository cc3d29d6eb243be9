// The mail we build, read by postal-mime: a MIME parser written by nobody here (the simulator's own
// reader shares our assumptions, so a mistake in both would pass mime-message.test.ts).
import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
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
    const raw = buildMimeMessage({ from: 'passwatch@contoso.com', to: ['zoe@contoso.com', 'helpdesk@contoso.com'], ...rendered });
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
      const mail = await PostalMime.parse(buildMimeMessage({ from: 'a@contoso.com', to: ['b@contoso.com'], subject, html: '<p>x</p>', text: 'x' }));
      expect(mail.subject, JSON.stringify(subject)).toBe(subject);
    }
  });

  it('round-trips any subject and any HTML and text parts', async () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }).filter((value) => value.trim().length > 0 && !value.includes('\r'));
    await fc.assert(
      fc.asyncProperty(text, text, text, async (subject, html, plain) => {
        const mail = await PostalMime.parse(buildMimeMessage({ from: 'a@contoso.com', to: ['b@contoso.com'], subject, html, text: plain }));
        expect(mail.subject).toBe(subject);
        expect(lines(mail.html ?? '')).toBe(lines(html));
        expect(lines(mail.text ?? '')).toBe(lines(plain));
      }),
      { numRuns: 200 },
    );
  });
});
