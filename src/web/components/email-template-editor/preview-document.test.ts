import { describe, expect, it } from 'vitest';
import { emailPreviewDocument, fillTemplate, REMINDER_SUBJECT, sampleEmailValues } from '../../../shared/domain/email-template';
import { browserToday, buildPreviewDocument } from './preview-document';

describe('browserToday', () => {
  it('is the local calendar date', () => {
    expect(browserToday(new Date(2025, 0, 9, 23, 59))).toBe('2025-01-09');
  });
});

describe('buildPreviewDocument', () => {
  const template = '<p>Dear {{userName}}, {{daysRemaining}} days until {{expirationDate}} at {{companyName}}</p>';

  it('is the framed mail a sample recipient gets, with its subject line', () => {
    const doc = buildPreviewDocument(template, 'Contoso', '2025-03-15');
    expect(doc).toMatch(/^<!DOCTYPE html>/);
    expect(doc).toContain('<title>Password Expiration Notice</title>');
    expect(doc).toContain('Subject: <strong>Password Expiration Notice</strong>');
    expect(doc).toContain('<p>Dear Alex Johnson, 5 days until 3/20/2025 at Contoso</p>');
    expect(doc).toContain('font-weight:bold;">Contoso</td>');
    expect(doc).toContain('An automated password reminder from Contoso IT.');
    expect(doc).not.toContain('{{');
  });

  it('is built from the shared rules the server sends by', () => {
    const values = sampleEmailValues('2025-03-15', 'Contoso');
    expect(buildPreviewDocument(template, 'Contoso', '2025-03-15')).toBe(emailPreviewDocument(REMINDER_SUBJECT, fillTemplate(template, values), 'Contoso'));
  });

  it('stands in a placeholder name, in the text and the frame, when the organization has none', () => {
    const doc = buildPreviewDocument('<p>{{companyName}}</p>', '  ', '2025-03-15');
    expect(doc).toContain('<p>Your Company</p>');
    expect(doc).toContain('An automated password reminder from Your Company IT.');
  });

  it('shows an organization name with markup as text', () => {
    const doc = buildPreviewDocument('<p>{{companyName}}</p>', '<b>Evil</b>', '2025-03-15');
    expect(doc).toContain('<p>&lt;b&gt;Evil&lt;/b&gt;</p>');
    expect(doc).not.toContain('<b>Evil');
  });
});
