// What the live preview shows: the mail a sample recipient gets, built by the same shared rules as
// the server's (subject, values, frame).
import { emailPreviewDocument, fillTemplate, REMINDER_SUBJECT, SAMPLE_DAYS_REMAINING, sampleEmailValues } from '../../../shared/domain/email-template';
import { localDateOf } from '../../../shared/domain/days-until';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/domain/languages';
import type { LocalDate } from '../../../shared/domain/local-date';
import { normalizeTimeZone } from '../../../shared/domain/time-zones';

// Before an organization is chosen there is no name; the frame's header still needs one.
const FALLBACK_COMPANY_NAME = 'Your Company';

/**
 * The calendar date the preview counts from: the organization's today in `timeZone`, as the server's
 * test email and reminders count it, so the two agree around midnight. The zone comes from the form
 * and may be half-typed or absent; the browser's own zone stands in then rather than failing.
 */
export function previewToday(now: Date, timeZone: string | undefined): LocalDate {
  const zone = (timeZone && normalizeTimeZone(timeZone)) || Intl.DateTimeFormat().resolvedOptions().timeZone;
  return localDateOf(now, zone);
}

/**
 * A complete HTML document for a sandboxed frame: the template as a sample recipient reads it on
 * `today`, under `subject`, written in `language` (its dates in that language's usual locale),
 * `daysRemaining` before the expiry (negative: after it).
 */
export function buildPreviewDocument(
  templateHtml: string,
  companyName: string,
  today: LocalDate,
  subject: string = REMINDER_SUBJECT,
  language: Language = DEFAULT_LANGUAGE,
  daysRemaining = SAMPLE_DAYS_REMAINING,
): string {
  const values = sampleEmailValues(today, companyName.trim() || FALLBACK_COMPANY_NAME, LANGUAGES[language].locale, daysRemaining);
  return emailPreviewDocument(subject, fillTemplate(templateHtml, values), values.companyName, language);
}
