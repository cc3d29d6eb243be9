import sanitizeHtml from 'sanitize-html';

// What the template editor (Tiptap StarterKit, TextStyle + Color, multicolor Highlight, TextAlign;
// see src/web/components/email-template-editor/editor-extensions.ts) can produce, and nothing
// else: no scripts, no event handlers, no images, frames, forms or stylesheets. Colours are
// plain values, so a style can never carry url() or expression() and load a remote resource.
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^[a-z]+$/i];
const TEXT_ALIGN = [/^(left|center|right|justify)$/];
const ALIGNABLE = ['p', 'h1', 'h2', 'h3'] as const;

/** The tags a stored template may contain. */
export const TEMPLATE_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'span', 'mark', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'a', 'blockquote', 'hr'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TEMPLATE_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style'],
    mark: ['style', 'data-color'],
    ol: ['start'],
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ['style']])),
  },
  allowedStyles: {
    span: { color: COLOUR, 'background-color': COLOUR },
    mark: { color: COLOUR, 'background-color': COLOUR },
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, { 'text-align': TEXT_ALIGN }])),
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Scripts and styles go with their content; any other tag outside the list goes, its text stays.
  disallowedTagsMode: 'discard',
};

/**
 * The template as it may be stored and sent: the editor's formatting kept, everything that could
 * run, track or load something removed. Idempotent, so saving an unchanged template changes nothing.
 */
export function sanitizeTemplate(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
