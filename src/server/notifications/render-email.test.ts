import { describe, expect, it } from 'vitest';
import type { EmailValues } from '../../shared/domain/email-template.js';
import { DEFAULT_EMAIL_TEMPLATE } from './default-template.js';
import { REMINDER_SUBJECT } from '../../shared/domain/email-template.js';
import { fillAndSanitizeTemplate, renderEmail } from './render-email.js';
import { sanitizeTemplate } from '../mail/index.js';

const values: EmailValues = {
  userName: 'Ada Lovelace',
  daysRemaining: 5,
  expirationDate: '3/20/2025',
  companyName: 'Contoso Ltd',
  userPrincipalName: 'ada@contoso.com',
};

// Placeholder replacement and escaping themselves: src/shared/domain/email-template.test.ts.
describe('fillAndSanitizeTemplate', () => {
  it('delivers a display name with markup as text', () => {
    const html = fillAndSanitizeTemplate('<p>Hello {{userName}}</p>', {
      ...values,
      userName: '<img src=x onerror=alert(1)><script>alert(2)</script>Eve & "Co"',
    });
    expect(html).toBe('<p>Hello &lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;Eve &amp; "Co"</p>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
  });

  it('cannot turn a link into a script through a value', () => {
    const html = fillAndSanitizeTemplate('<p><a href="{{companyName}}">site</a></p>', { ...values, companyName: 'javascript:alert(1)' });
    expect(html).toBe('<p><a>site</a></p>');
  });

  it('keeps {{changePasswordUrl}} as a working https link, while a sign-in name cannot become a script link', () => {
    const template = '<p><a href="{{changePasswordUrl}}">Change password</a> <a href="{{userPrincipalName}}">me</a></p>';
    // Stored templates are sanitised before they are filled: the placeholder link survives that too.
    const html = fillAndSanitizeTemplate(sanitizeTemplate(template), { ...values, userPrincipalName: 'javascript:alert(1)' });
    expect(html).toBe('<p><a href="https://mysignins.microsoft.com/security-info/password/change">Change password</a> <a>me</a></p>');
  });
});

describe('renderEmail', () => {
  it('frames the content in an inline-styled, table-based document with the subject', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATE, values);
    expect(mail.subject).toBe(REMINDER_SUBJECT);
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain(`<title>${REMINDER_SUBJECT}</title>`);
    expect(mail.html).toContain('<table role="presentation"');
    expect(mail.html).toContain('Hello Ada Lovelace,');
    // Each paragraph carries its own style; an editor alignment or colour is kept after the base style.
    expect(mail.html).toContain('<p style="margin:0 0 14px 0">Hello Ada Lovelace,</p>');
    // A list item's paragraph adds no paragraph spacing.
    expect(mail.html).toContain('<li style="margin:0 0 6px 0"><p style="margin:0">Select <strong>Password</strong>');
    expect(mail.html).toContain('<span style="color:#dc2626">5</span>');
    expect(mail.html).not.toContain('<style');
    expect(mail.html).not.toContain('{{');
  });

  it('puts an alignment after the base style so it wins', () => {
    const mail = renderEmail('<p style="text-align:center">Hi</p>', values);
    expect(mail.html).toContain('<p style="margin:0 0 14px 0;text-align:center">Hi</p>');
  });

  it('escapes the company name in the frame too', () => {
    const mail = renderEmail('<p>Hi</p>', { ...values, companyName: '<b>Evil</b> & Co' });
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
    expect(mail.html).not.toContain('<b>Evil');
  });

  it('has a plain-text part with the same words', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATE, values);
    expect(mail.text).toBe(
      [
        'Your password expires soon',
        '',
        'Hello Ada Lovelace,',
        '',
        'The password for your Contoso Ltd account expires on 3/20/2025. Days remaining: 5.',
        '',
        'Change it now to keep access to email, Teams and your other work apps:',
        '',
        ' 1. Sign in at myaccount.microsoft.com (https://myaccount.microsoft.com).',
        ' 2. Select Password, then Change password.',
        ' 3. Enter your current password, then a new one you have not used before.',
        '',
        'If the password expires before you change it, you will be signed out of every app and need the help desk to get back in.',
        '',
        'This reminder was sent automatically. If you did not expect it, contact your IT help desk; never share your password with anyone, including IT.',
        '',
        'Thank you,',
        'Contoso Ltd IT',
        '',
      ].join('\n'),
    );
  });
});

describe('the language of a mail', () => {
  it('marks the HTML with the language, and Arabic and Hebrew as right-to-left', () => {
    expect(renderEmail('<p>Hallo</p>', values, 'Betreff', 'de').html).toMatch(/<html lang="de" xmlns/);
    for (const language of ['ar', 'he'] as const) {
      const { html } = renderEmail('<p>x</p>', values, 'x', language);
      expect(html).toContain(`<html lang="${language}" dir="rtl"`);
      expect(html).toContain('<body dir="rtl"');
    }
    expect(renderEmail('<p>x</p>', values).html).not.toContain('dir="rtl"');
  });

  it("writes the frame's footer in the mail's language, English where there is no built-in one", () => {
    expect(renderEmail('<p>x</p>', values, 'x', 'ja').html).toContain('Contoso Ltd IT 部門からの自動パスワード通知です。');
    expect(renderEmail('<p>x</p>', values, 'x', 'he').html).toContain('An automated password reminder from Contoso Ltd IT.');
  });
});
