import { describe, expect, it } from 'vitest';
import { browserToday, buildPreviewDocument, escapeHtml, fillTemplate, previewSampleValues } from './preview-document';

describe('previewSampleValues', () => {
  it('uses a sample recipient with 5 days left and the expiry date in en-US', () => {
    expect(previewSampleValues('Contoso Ltd', '2025-03-15')).toEqual({
      '{{userName}}': 'Alex Johnson',
      '{{daysRemaining}}': '5',
      '{{expirationDate}}': '3/20/2025',
      '{{companyName}}': 'Contoso Ltd',
    });
  });

  it('crosses month and year ends', () => {
    expect(previewSampleValues('X', '2024-12-29')['{{expirationDate}}']).toBe('1/3/2025');
  });

  it('stands in a placeholder name when the organization has none', () => {
    expect(previewSampleValues('  ', '2025-03-15')['{{companyName}}']).toBe('Your Company');
  });
});

describe('browserToday', () => {
  it('is the local calendar date', () => {
    expect(browserToday(new Date(2025, 0, 9, 23, 59))).toBe('2025-01-09');
  });
});

describe('fillTemplate', () => {
  const values = previewSampleValues('Contoso', '2025-03-15');

  it('replaces every occurrence of each placeholder and leaves the markup alone', () => {
    const html = '<p style="color: #dc2626">Hi {{userName}}, {{daysRemaining}} days ({{expirationDate}}). {{userName}} at {{companyName}}</p>';
    expect(fillTemplate(html, values)).toBe('<p style="color: #dc2626">Hi Alex Johnson, 5 days (3/20/2025). Alex Johnson at Contoso</p>');
  });

  it('inserts values as text, never as markup', () => {
    const hostile = previewSampleValues('<img src=x onerror=alert(1)> & "Co"', '2025-03-15');
    expect(fillTemplate('<p>{{companyName}}</p>', hostile)).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;</p>');
  });

  it('leaves unknown placeholders as written', () => {
    expect(fillTemplate('<p>{{firstName}} {{ userName }}</p>', values)).toBe('<p>{{firstName}} {{ userName }}</p>');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });
});

describe('buildPreviewDocument', () => {
  it('is a whole document with the subject line and the filled template', () => {
    const doc = buildPreviewDocument('<p>Dear {{userName}}</p>', previewSampleValues('Contoso', '2025-03-15'));
    expect(doc).toMatch(/^<!doctype html>/);
    expect(doc).toContain('<title>Password Expiration Notice</title>');
    expect(doc).toContain('Subject: <strong>Password Expiration Notice</strong>');
    expect(doc).toContain('<p>Dear Alex Johnson</p>');
    expect(doc).not.toContain('{{userName}}');
  });
});
