// The plain-text part of a mail, from the sanitised template HTML (mail/sanitize-template.ts), by
// the html-to-text library: paragraphs and headings as blank-line separated blocks, list items as
// '- ' or '1. ' lines, <br> as a line break, links as 'text (address)'. Words are never wrapped:
// the MIME encoding folds long lines, and a wrapped line would break in the middle of a Japanese
// sentence that has no spaces.
import { compile } from 'html-to-text';

const BLOCK = { leadingLineBreaks: 2, trailingLineBreaks: 2 };

const convert = compile({
  wordwrap: false,
  selectors: [
    ...(['h1', 'h2', 'h3'] as const).map((selector) => ({ selector, options: { ...BLOCK, uppercase: false } })),
    { selector: 'p', options: BLOCK },
    { selector: 'blockquote', options: { ...BLOCK, trimEmptyLines: true } },
    // The editor wraps each list item's text in a paragraph, which must not open a block in the item.
    { selector: 'li > p', format: 'inline' },
    { selector: 'ul', options: { ...BLOCK, itemPrefix: '- ' } },
    { selector: 'ol', options: BLOCK },
    { selector: 'hr', options: { ...BLOCK, length: 10 } },
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
  ],
});

export function htmlToText(html: string): string {
  return `${convert(html).trim()}\n`;
}
