import sanitizeHtml from 'sanitize-html';
import { baseStyleOf, ELEMENT_STYLES, emailDocument, fillTemplate, REMINDER_SUBJECT, type EmailValues } from '../../shared/domain/email-template.js';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/domain/languages.js';
import { htmlToText } from './html-to-text.js';
import { sanitizeTemplate, TEMPLATE_TAGS } from '../mail/index.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The filled template (values escaped, see fillTemplate), sanitised again: a value that lands in
 * a link's address cannot turn it into a `javascript:` link.
 */
export function fillAndSanitizeTemplate(template: string, values: EmailValues): string {
  return sanitizeTemplate(fillTemplate(template, values));
}

/** Writes each element's base style (baseStyleOf) inline, in front of its own style. */
function inlineStyles(html: string): string {
  const open: string[] = [];
  const styled = (tagName: string, attribs: sanitizeHtml.Attributes) => ({
    tagName,
    attribs: { ...attribs, style: `${baseStyleOf(tagName, open.at(-2)) ?? ''}${attribs.style ?? ''}` },
  });
  // The input is already sanitised: this pass keeps every tag and attribute, styles included.
  return sanitizeHtml(html, {
    allowedTags: TEMPLATE_TAGS,
    allowedAttributes: false,
    onOpenTag: (name) => open.push(name),
    onCloseTag: () => open.pop(),
    transformTags: Object.fromEntries(Object.keys(ELEMENT_STYLES).map((tag) => [tag, styled])),
  });
}

/** Subject, HTML (framed, inline-styled, marked as `language`) and plain-text part of one mail. */
export function renderEmail(template: string, values: EmailValues, subject: string = REMINDER_SUBJECT, language: Language = DEFAULT_LANGUAGE): RenderedEmail {
  const content = fillAndSanitizeTemplate(template, values);
  return {
    subject,
    html: emailDocument(subject, inlineStyles(content), values.companyName, language),
    text: htmlToText(content),
  };
}
