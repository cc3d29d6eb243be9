import { describe, expect, it } from 'vitest';
import {
  emailPreviewDocument,
  fillTemplate,
  REMINDER_SUBJECT,
  SAMPLE_DAYS_AFTER_EXPIRY,
  sampleEmailValues,
  sampleValuesCaption,
} from '../../../shared/domain/email-template';
import { formatLocalDate } from '../../../shared/domain/local-date';
import { buildPreviewDocument, previewToday } from './preview-document';

describe('previewToday', () => {
  // 03:30 UTC on March 9 is still the evening of March 8 in Los Angeles (UTC-8 before the DST switch).
  const nearMidnight = new Date('2025-03-09T03:30:00Z');
  const browserDate = formatLocalDate(nearMidnight.getFullYear(), nearMidnight.getMonth() + 1, nearMidnight.getDate());

  it("is the organization's calendar date, not the browser's", () => {
    expect(previewToday(nearMidnight, 'America/Los_Angeles')).toBe('2025-03-08');
    expect(previewToday(nearMidnight, 'UTC')).toBe('2025-03-09');
    expect(previewToday(nearMidnight, 'Asia/Tokyo')).toBe('2025-03-09');
  });

  it('reads legacy offsets and loose spellings as the zones they name', () => {
    expect(previewToday(nearMidnight, 'UTC-8')).toBe('2025-03-08');
    expect(previewToday(nearMidnight, 'america/los_angeles')).toBe('2025-03-08');
  });

  it("falls back to the browser's date when the zone is absent or half-typed", () => {
    expect(previewToday(nearMidnight, undefined)).toBe(browserDate);
    expect(previewToday(nearMidnight, '')).toBe(browserDate);
    expect(previewToday(nearMidnight, 'Europe/Lon')).toBe(browserDate);
  });
});

describe('buildPreviewDocument', () => {
  const template = '<p>Dear {{userName}}, {{daysRemaining}} days until {{expirationDate}} at {{companyName}}</p>';

  it('is the framed mail a sample recipient gets, with its subject line', () => {
    const doc = buildPreviewDocument(template, 'Contoso', '2025-03-15');
    expect(doc).toMatch(/^<!DOCTYPE html>/);
    expect(doc).toContain('<title>Password Expiration Notice</title>');
    expect(doc).toContain('Subject: <strong>Password Expiration Notice</strong>');
    expect(doc).toContain('<p>Dear Alex Johnson, 5 days until March 20, 2025 at Contoso</p>');
    expect(doc).toContain('font-weight:bold;">Contoso</td>');
    expect(doc).toContain('An automated password reminder from Contoso IT.');
    expect(doc).not.toContain('{{');
  });

  it('is built from the shared rules the server sends by', () => {
    const values = sampleEmailValues('2025-03-15', 'Contoso');
    expect(buildPreviewDocument(template, 'Contoso', '2025-03-15')).toBe(emailPreviewDocument(REMINDER_SUBJECT, fillTemplate(template, values), 'Contoso'));
  });

  it("shows the sample sign-in name and Microsoft's password change page as a link", () => {
    const doc = buildPreviewDocument('<p>{{userPrincipalName}} <a href="{{changePasswordUrl}}">change</a></p>', 'Contoso', '2025-03-15');
    expect(doc).toContain('<p>alex.johnson@contoso.com <a href="https://mysignins.microsoft.com/security-info/password/change">change</a></p>');
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

describe('the after-expiry preview', () => {
  it('shows a sample whose password expired days ago, and says so', () => {
    const doc = buildPreviewDocument(
      '<p>Expired on {{expirationDate}} ({{daysRemaining}})</p>',
      'Contoso',
      '2025-03-15',
      'Expired',
      'en',
      -SAMPLE_DAYS_AFTER_EXPIRY,
    );
    expect(doc).toContain('Expired on March 12, 2025 (-3)');
    expect(sampleValuesCaption(-SAMPLE_DAYS_AFTER_EXPIRY)).toBe('Sample values, 3 days after the password expired');
    expect(sampleValuesCaption()).toBe('Sample values, with 5 days remaining');
  });
});
