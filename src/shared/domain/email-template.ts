// The rules that turn a reminder template into the mail a recipient reads, shared by the server
// that sends it and the editor's live preview, so the preview shows what a recipient gets.
// Sanitising stays on the server: sanitize-html needs Node.
import { TEMPLATE_VARIABLES, type TemplateVariable } from './configuration-defaults.js';
import { addDays, type LocalDate } from './local-date.js';
import { escapeHtml } from './escape-html.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import { formatLocalDateFor, formatNumberFor } from './localized-values.js';
import { builtInFooter, builtInWording, isBuiltInLanguage } from './built-in-wording/index.js';

/** docs/product.md §Screens and routes: the subject of a reminder in English, and the one the preview shows. */
export const REMINDER_SUBJECT = builtInWording('reminder', 'en').subject;

/** What the placeholders stand for in one recipient's mail. */
export interface EmailValues {
  userName: string;
  daysRemaining: number;
  /** Already formatted for the reader, e.g. 'March 20, 2025' (formatLocalDateFor). */
  expirationDate: string;
  companyName: string;
  /** The sign-in name the password belongs to. */
  userPrincipalName: string;
  /** The locale numbers are written for ({{daysRemaining}}); en-US when absent. */
  locale?: string;
}

/**
 * Microsoft's self-service page where a signed-in work or school account changes its password
 * (My Sign-Ins > Security info > Password); the same for every organization. See docs/domain.md.
 */
export const CHANGE_PASSWORD_URL = 'https://mysignins.microsoft.com/security-info/password/change';

function variableValue(variable: TemplateVariable, values: EmailValues): string {
  switch (variable) {
    case '{{userName}}':
      return values.userName;
    case '{{daysRemaining}}':
      return formatNumberFor(values.daysRemaining, values.locale ?? LANGUAGES.en.locale);
    case '{{expirationDate}}':
      return values.expirationDate;
    case '{{companyName}}':
      return values.companyName;
    case '{{userPrincipalName}}':
      return values.userPrincipalName;
    case '{{changePasswordUrl}}':
      return CHANGE_PASSWORD_URL;
  }
}

/**
 * The template with every placeholder replaced by its HTML-escaped value: names come from the
 * directory, so a value is always text, never markup. Unknown placeholders stay as written.
 */
export function fillTemplate(template: string, values: EmailValues): string {
  return TEMPLATE_VARIABLES.reduce((html, variable) => html.split(variable).join(escapeHtml(variableValue(variable, values))), template);
}

/** docs/product.md §Screens and routes: the sample recipient of the live preview and the test email, 5 days before expiry. */
export const SAMPLE_USER_NAME = 'Alex Johnson';
const SAMPLE_USER_PRINCIPAL_NAME = 'alex.johnson@contoso.com';
export const SAMPLE_DAYS_REMAINING = 5;
/** The after-expiry template's sample: the password expired this many days ago ({{daysRemaining}} is then negative, as in the mail). */
export const SAMPLE_DAYS_AFTER_EXPIRY = 3;

/** The sample recipient's expiry date when `today` is the organization's (or the viewer's) date. */
export function sampleExpiryDate(today: LocalDate, daysRemaining = SAMPLE_DAYS_REMAINING): LocalDate {
  return addDays(today, daysRemaining);
}

/** What the sample values stand for, said under the preview: '5 days remaining', '3 days after the expiry'. */
export function sampleValuesCaption(daysRemaining = SAMPLE_DAYS_REMAINING): string {
  if (daysRemaining >= 0) return `Sample values, with ${daysRemaining} days remaining`;
  return `Sample values, ${-daysRemaining} days after the password expired`;
}

/** The sample recipient's values on `today`, dates and numbers written for `locale` as in a reminder ('March 20, 2025' in en-US). */
export function sampleEmailValues(
  today: LocalDate,
  companyName: string,
  locale: string = LANGUAGES.en.locale,
  daysRemaining = SAMPLE_DAYS_REMAINING,
): EmailValues {
  return {
    userName: SAMPLE_USER_NAME,
    daysRemaining,
    expirationDate: formatLocalDateFor(sampleExpiryDate(today, daysRemaining), locale),
    companyName,
    userPrincipalName: SAMPLE_USER_PRINCIPAL_NAME,
    locale,
  };
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/**
 * Each template element's base style in mail. Outlook for Windows renders with Word, which ignores
 * <style> blocks in many cases, so the server writes these inline on every element, in front of
 * the element's own style (an alignment or colour from the editor wins).
 */
export const ELEMENT_STYLES: Readonly<Record<string, string>> = {
  p: 'margin:0 0 14px 0;',
  h1: `${FONT}margin:0 0 16px 0;font-size:24px;line-height:1.3;color:#111827;`,
  h2: `${FONT}margin:0 0 16px 0;font-size:20px;line-height:1.3;color:#111827;`,
  h3: `${FONT}margin:0 0 12px 0;font-size:17px;line-height:1.3;color:#111827;`,
  ul: 'margin:0 0 14px 0;padding:0 0 0 24px;',
  ol: 'margin:0 0 14px 0;padding:0 0 0 24px;',
  li: 'margin:0 0 6px 0;',
  a: 'color:#1d4ed8;text-decoration:underline;',
  blockquote: 'margin:0 0 14px 0;padding:0 0 0 12px;border-left:3px solid #d1d5db;color:#4b5563;',
  hr: 'border:0;border-top:1px solid #e5e7eb;margin:16px 0;',
};

// The editor wraps each list item's text in a paragraph, which must not add a paragraph's spacing.
const LIST_ITEM_PARAGRAPH_STYLE = 'margin:0;';

/** The base style of a `tagName` element inside a `parentTagName` one; undefined for an element mail leaves unstyled. */
export function baseStyleOf(tagName: string, parentTagName: string | undefined): string | undefined {
  return tagName === 'p' && parentTagName === 'li' ? LIST_ITEM_PARAGRAPH_STYLE : ELEMENT_STYLES[tagName];
}

/**
 * The base styles as a style sheet, for the preview's browser frame: it shows the unsanitised
 * template, which only the server inlines. A style attribute beats a sheet as the inlined own
 * style beats the base, and `li>p` beats `p` as the list-item rule does.
 */
const PREVIEW_STYLESHEET = [...Object.entries(ELEMENT_STYLES).map(([tagName, style]) => `${tagName}{${style}}`), `li>p{${LIST_ITEM_PARAGRAPH_STYLE}}`].join(
  '\n',
);

interface FrameExtras {
  head: string;
  aboveMessage: string;
}

/** The mail frame's footer in `language`: its built-in line, else the English one. */
function footerLine(language: Language, company: string): string {
  return builtInFooter(isBuiltInLanguage(language) ? language : DEFAULT_LANGUAGE)
    .split('{{companyName}}')
    .join(company);
}

/**
 * A table-based frame at most 600 px wide, every style inline: how mail renders the same in Outlook,
 * Gmail and Apple Mail. `lang` and, for Arabic and Hebrew, `dir="rtl"` tell the client how to lay
 * the text out.
 */
function framedDocument(subject: string, content: string, companyName: string, language: Language, extras: FrameExtras | null): string {
  const company = escapeHtml(companyName);
  const direction = LANGUAGES[language].rtl ? ' dir="rtl"' : '';
  return `<!DOCTYPE html>
<html lang="${language}"${direction} xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
${extras ? `${extras.head}\n` : ''}</head>
<body${direction} style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
${extras ? `${extras.aboveMessage}\n` : ''}<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e5e7eb;">
<tr><td style="${FONT}padding:18px 28px;background-color:#1e3a8a;color:#ffffff;font-size:18px;font-weight:bold;">${company}</td></tr>
<tr><td style="${FONT}padding:28px;font-size:15px;line-height:1.55;color:#1f2937;">
${content}
</td></tr>
<tr><td style="${FONT}padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280;">${footerLine(language, company)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The mail's HTML: `content` (filled, sanitised, inline-styled) in the company's header and footer, in `language`. */
export function emailDocument(subject: string, content: string, companyName: string, language: Language = DEFAULT_LANGUAGE): string {
  return framedDocument(subject, content, companyName, language, null);
}

/**
 * The same mail for a browser frame: the subject line above the message, as a mail client shows
 * it, and the base styles as a sheet instead of inline.
 */
export function emailPreviewDocument(subject: string, content: string, companyName: string, language: Language = DEFAULT_LANGUAGE): string {
  return framedDocument(subject, content, companyName, language, {
    head: `<style>\n${PREVIEW_STYLESHEET}\n</style>`,
    aboveMessage: `<div style="${FONT}max-width:600px;margin:0 auto 12px auto;text-align:left;font-size:13px;color:#4b5563;">Subject: <strong>${escapeHtml(subject)}</strong></div>`,
  });
}
