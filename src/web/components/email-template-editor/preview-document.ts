// What the live preview shows: the template with sample values, as the recipient would read it.
import { TEMPLATE_VARIABLES, type TemplateVariable } from '../../../shared/domain/configuration-defaults';
import { addDays, formatLocalDate, type LocalDate } from '../../../shared/domain/local-date';
import { formatDateUs } from '../../../shared/domain/us-format';

/** Spec section 2: the preview's subject line. */
export const PREVIEW_SUBJECT = 'Password Expiration Notice';
/** Spec section 2: the sample recipient has 5 days left. */
export const PREVIEW_DAYS_REMAINING = 5;
export const PREVIEW_USER_NAME = 'Alex Johnson';
const FALLBACK_COMPANY_NAME = 'Your Company';

export type TemplateValues = Record<TemplateVariable, string>;

/** Sample values: expiry 5 days after `today`, written en-US ('3/20/2025'). */
export function previewSampleValues(companyName: string, today: LocalDate): TemplateValues {
  return {
    '{{userName}}': PREVIEW_USER_NAME,
    '{{daysRemaining}}': String(PREVIEW_DAYS_REMAINING),
    '{{expirationDate}}': formatDateUs(addDays(today, PREVIEW_DAYS_REMAINING)),
    '{{companyName}}': companyName.trim() || FALLBACK_COMPANY_NAME,
  };
}

/** The browser's calendar date: the day the person editing the template is looking at. */
export function browserToday(now: Date = new Date()): LocalDate {
  return formatLocalDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Replaces every placeholder with its value, escaped: values are text, never markup. */
export function fillTemplate(templateHtml: string, values: TemplateValues): string {
  return TEMPLATE_VARIABLES.reduce((html, variable) => html.split(variable).join(escapeHtml(values[variable])), templateHtml);
}

// Email clients ignore the app's stylesheet: the preview gets only what a plain client would apply.
const PREVIEW_STYLES = `
  body { margin: 0; padding: 16px; font-family: Arial, Helvetica, sans-serif; font-size: 14px; line-height: 1.5; color: #1f2937; background: #ffffff; }
  .subject { margin: 0 0 12px; padding-bottom: 12px; border-bottom: 1px solid #e5e7eb; font-size: 13px; color: #4b5563; }
  .subject strong { color: #111827; }
  p { margin: 0 0 12px; }
  ul, ol { margin: 0 0 12px; padding-left: 24px; }
`;

/** A complete HTML document for a sandboxed frame: the subject line, then the filled template. */
export function buildPreviewDocument(templateHtml: string, values: TemplateValues): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(PREVIEW_SUBJECT)}</title>
<style>${PREVIEW_STYLES}</style>
</head>
<body>
<p class="subject">Subject: <strong>${escapeHtml(PREVIEW_SUBJECT)}</strong></p>
${fillTemplate(templateHtml, values)}
</body>
</html>`;
}
