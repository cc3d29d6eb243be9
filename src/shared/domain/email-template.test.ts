import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';
import {
  baseStyleOf,
  ELEMENT_STYLES,
  emailDocument,
  emailPreviewDocument,
  fillTemplate,
  REMINDER_SUBJECT,
  SAMPLE_DAYS_REMAINING,
  CHANGE_PASSWORD_URL,
  SAMPLE_USER_NAME,
  sampleEmailValues,
  sampleExpiryDate,
  type EmailValues,
} from './email-template.js';
import { PROPERTY_RUNS } from './test-support/arbitraries.js';

const values: EmailValues = {
  userName: 'Ada Lovelace',
  daysRemaining: 5,
  expirationDate: '3/20/2025',
  companyName: 'Contoso Ltd',
  userPrincipalName: 'ada@contoso.com',
};

const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it('leaves no markup character behind and loses no text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescapeHtml(escaped)).toBe(text);
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('fillTemplate', () => {
  it('replaces every placeholder, as often as it occurs, and leaves the markup alone', () => {
    const html = fillTemplate('<p style="color: #dc2626">{{userName}} {{daysRemaining}} {{expirationDate}} {{companyName}} {{userName}}</p>', values);
    expect(html).toBe('<p style="color: #dc2626">Ada Lovelace 5 3/20/2025 Contoso Ltd Ada Lovelace</p>');
  });

  it("fills the sign-in name and Microsoft's password change page", () => {
    expect(fillTemplate('<p>{{userPrincipalName}}: {{changePasswordUrl}}</p>', values)).toBe(`<p>ada@contoso.com: ${CHANGE_PASSWORD_URL}</p>`);
    expect(CHANGE_PASSWORD_URL).toBe('https://mysignins.microsoft.com/security-info/password/change');
  });

  it('inserts values as text, never as markup', () => {
    const hostile = { ...values, companyName: '<img src=x onerror=alert(1)> & "Co"' };
    expect(fillTemplate('<p>{{companyName}}</p>', hostile)).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;</p>');
  });

  it('adds no tag for any display name', () => {
    fc.assert(
      fc.property(fc.string(), (userName) => {
        const html = fillTemplate('<p>Hello {{userName}}</p>', { ...values, userName });
        expect(html.match(/</g)).toHaveLength(2);
        expect(unescapeHtml(html)).toBe(`<p>Hello ${userName}</p>`);
      }),
      PROPERTY_RUNS,
    );
  });

  it('leaves unknown and misspelt placeholders as written', () => {
    expect(fillTemplate('<p>{{manager}} {{ userName }} {{username}}</p>', values)).toBe('<p>{{manager}} {{ userName }} {{username}}</p>');
  });
});

describe('sample values', () => {
  it('are Alex Johnson with 5 days left, the expiry date written for en-US unless another locale is asked for', () => {
    expect(sampleEmailValues('2025-03-15', 'Contoso Ltd')).toEqual({
      userName: 'Alex Johnson',
      daysRemaining: 5,
      expirationDate: 'March 20, 2025',
      companyName: 'Contoso Ltd',
      userPrincipalName: 'alex.johnson@contoso.com',
      locale: 'en-US',
    });
    expect(sampleEmailValues('2025-03-15', 'Contoso Ltd', 'de-DE').expirationDate).toBe('20. März 2025');
    expect(sampleEmailValues('2025-03-15', 'Contoso Ltd', 'ja-JP').expirationDate).toBe('2025年3月20日');
    expect([SAMPLE_USER_NAME, SAMPLE_DAYS_REMAINING]).toEqual(['Alex Johnson', 5]);
  });

  it('cross month and year ends', () => {
    expect(sampleExpiryDate('2024-12-29')).toBe('2025-01-03');
    expect(sampleEmailValues('2024-12-29', 'X').expirationDate).toBe('January 3, 2025');
    expect(sampleExpiryDate('2024-02-26')).toBe('2024-03-02');
  });
});

describe('baseStyleOf', () => {
  it('is the element style, but a list item paragraph adds no spacing', () => {
    expect(baseStyleOf('p', 'td')).toBe('margin:0 0 14px 0;');
    expect(baseStyleOf('p', undefined)).toBe('margin:0 0 14px 0;');
    expect(baseStyleOf('p', 'li')).toBe('margin:0;');
    expect(baseStyleOf('li', 'ol')).toBe('margin:0 0 6px 0;');
  });

  it('leaves inline elements unstyled', () => {
    for (const tagName of ['strong', 'em', 'span', 'mark', 'br']) expect(baseStyleOf(tagName, 'p')).toBeUndefined();
  });
});

const DOCTYPE = /^<!DOCTYPE html>/;

describe('emailDocument', () => {
  const html = emailDocument(REMINDER_SUBJECT, '<p>Body</p>', 'Contoso Ltd');

  it('frames the content in a table layout with the subject as title, the company in header and footer', () => {
    expect(html).toMatch(DOCTYPE);
    expect(html).toContain('<title>Password Expiration Notice</title>');
    expect(html).toContain('<table role="presentation" width="600"');
    expect(html).toContain('font-weight:bold;">Contoso Ltd</td>');
    expect(html).toContain('An automated password reminder from Contoso Ltd IT.');
    expect(html).toContain('\n<p>Body</p>\n');
  });

  it('has no style sheet and no subject line, which mail clients would not show as the preview does', () => {
    expect(html).not.toContain('<style');
    expect(html).not.toContain('Subject:');
  });

  it('escapes the subject and the company name, and keeps the content as given', () => {
    const hostile = emailDocument('<i>S</i>', '<p><b>kept</b></p>', '<b>Evil</b> & Co');
    expect(hostile).toContain('<title>&lt;i&gt;S&lt;/i&gt;</title>');
    expect(hostile).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
    expect(hostile).not.toContain('<b>Evil');
    expect(hostile).toContain('<p><b>kept</b></p>');
  });
});

describe('emailPreviewDocument', () => {
  const preview = emailPreviewDocument(REMINDER_SUBJECT, '<p>Body</p>', 'Contoso Ltd');
  const mail = emailDocument(REMINDER_SUBJECT, '<p>Body</p>', 'Contoso Ltd');

  it('is the mail plus a subject line above the message and the base styles as a sheet', () => {
    expect(preview).toMatch(DOCTYPE);
    expect(preview).toContain('Subject: <strong>Password Expiration Notice</strong>');
    const added = /<style>[\s\S]*<\/style>\n|<div [^>]*>Subject: [^\n]*<\/div>\n/g;
    expect(preview.replace(added, '')).toBe(mail);
    expect(preview.indexOf('Subject:')).toBeLessThan(preview.indexOf('Contoso Ltd</td>'));
  });

  it('styles every element as the server inlines it, list item paragraphs included', () => {
    const sheet = /<style>\n([\s\S]*)\n<\/style>/.exec(preview)?.[1] ?? '';
    const rules = new Map(sheet.split('\n').map((rule) => [rule.slice(0, rule.indexOf('{')), rule.slice(rule.indexOf('{') + 1, -1)]));
    expect(rules).toEqual(new Map([...Object.entries(ELEMENT_STYLES), ['li>p', baseStyleOf('p', 'li')]]));
  });

  it('escapes the subject line', () => {
    expect(emailPreviewDocument('<i>S</i>', '', 'Co')).toContain('Subject: <strong>&lt;i&gt;S&lt;/i&gt;</strong>');
  });
});
