// What the live preview shows: the mail a sample recipient gets, built by the same shared rules as
// the server's (subject, values, frame).
import { emailPreviewDocument, fillTemplate, REMINDER_SUBJECT, sampleEmailValues } from '../../../shared/domain/email-template';
import { formatLocalDate, type LocalDate } from '../../../shared/domain/local-date';

// The test-email card names the sample's days under this name.

// Before an organization is chosen there is no name; the frame's header still needs one.
const FALLBACK_COMPANY_NAME = 'Your Company';

/** The browser's calendar date: the day the person editing the template is looking at. */
export function browserToday(now: Date = new Date()): LocalDate {
  return formatLocalDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** A complete HTML document for a sandboxed frame: the template as a sample recipient reads it on `today`. */
export function buildPreviewDocument(templateHtml: string, companyName: string, today: LocalDate): string {
  const values = sampleEmailValues(today, companyName.trim() || FALLBACK_COMPANY_NAME);
  return emailPreviewDocument(REMINDER_SUBJECT, fillTemplate(templateHtml, values), values.companyName);
}
