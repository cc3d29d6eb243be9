import sanitizeHtml from 'sanitize-html';
import type { TemplateVariable } from '../../shared/domain/configuration-defaults.js';
import { TEMPLATE_VARIABLES } from '../../shared/domain/configuration-defaults.js';
import { htmlToText } from './html-to-text.js';
import { sanitizeTemplate, TEMPLATE_TAGS } from './sanitize-template.js';

/** Spec section 2: what the preview shows as the subject, so it is what recipients get. */
export const REMINDER_SUBJECT = 'Password Expiration Notice';

export interface EmailValues {
  userName: string;
  daysRemaining: number;
  /** Already formatted for the reader, e.g. '3/20/2025'. */
  expirationDate: string;
  companyName: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function valueOf(variable: TemplateVariable, values: EmailValues): string {
  switch (variable) {
    case '{{userName}}':
      return values.userName;
    case '{{daysRemaining}}':
      return String(values.daysRemaining);
    case '{{expirationDate}}':
      return values.expirationDate;
    case '{{companyName}}':
      return values.companyName;
  }
}

/**
 * The template with every placeholder replaced by its HTML-escaped value, sanitised again: names
 * come from the directory, so a value is always text, and one that lands in a link's address
 * cannot turn it into a `javascript:` link.
 */
export function fillTemplate(template: string, values: EmailValues): string {
  const filled = TEMPLATE_VARIABLES.reduce((html, variable) => html.split(variable).join(escapeHtml(valueOf(variable, values))), template);
  return sanitizeTemplate(filled);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
// Outlook for Windows renders with Word, which ignores <style> blocks in many cases: every element
// carries its own inline style.
const INLINE_STYLES: Record<string, string> = {
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

/**
 * Adds the inline styles above in front of the element's own (an alignment or colour wins). The
 * editor wraps each list item's text in a paragraph, which must not add a paragraph's spacing.
 */
function inlineStyles(html: string): string {
  const open: string[] = [];
  const styled = (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const inListItem = tagName === 'p' && open.at(-2) === 'li';
    const base = inListItem ? 'margin:0;' : (INLINE_STYLES[tagName] ?? '');
    return { tagName, attribs: { ...attribs, style: `${base}${attribs.style ?? ''}` } };
  };
  // The input is already sanitised: this pass keeps every tag and attribute, styles included.
  return sanitizeHtml(html, {
    allowedTags: TEMPLATE_TAGS,
    allowedAttributes: false,
    onOpenTag: (name) => open.push(name),
    onCloseTag: () => open.pop(),
    transformTags: Object.fromEntries(Object.keys(INLINE_STYLES).map((tag) => [tag, styled])),
  });
}

/** A table-based frame at most 600 px wide, every style inline: how mail renders the same in Outlook, Gmail and Apple Mail. */
function emailDocument(subject: string, content: string, companyName: string): string {
  const company = escapeHtml(companyName);
  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e5e7eb;">
<tr><td style="${FONT}padding:18px 28px;background-color:#1e3a8a;color:#ffffff;font-size:18px;font-weight:bold;">${company}</td></tr>
<tr><td style="${FONT}padding:28px;font-size:15px;line-height:1.55;color:#1f2937;">
${content}
</td></tr>
<tr><td style="${FONT}padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280;">An automated password reminder from ${company} IT.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** Subject, HTML (framed, inline-styled) and plain-text part of one mail. */
export function renderEmail(template: string, values: EmailValues, subject: string = REMINDER_SUBJECT): RenderedEmail {
  const content = fillTemplate(template, values);
  return {
    subject,
    html: emailDocument(subject, inlineStyles(content), values.companyName),
    text: htmlToText(content),
  };
}
