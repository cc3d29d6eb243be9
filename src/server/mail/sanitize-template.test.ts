import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATE } from '../notifications/index.js';
import sanitizeHtml from 'sanitize-html';
import { sanitizeTemplate, TEMPLATE_TAGS } from './sanitize-template.js';

/** Every element as an HTML parser reads it. */
function elementsOf(html: string): { name: string; attribs: Record<string, string> }[] {
  const elements: { name: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, { onOpenTag: (name, attribs) => elements.push({ name, attribs }) });
  return elements;
}

// What the Tiptap editor writes for each formatting it offers.
const EDITOR_OUTPUT = [
  '<p>Plain <strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s><br />next line</p>',
  '<h1 style="text-align:center">Title</h1><h2>Sub</h2><h3 style="text-align:right">Small</h3>',
  '<p style="text-align:justify">Text with <span style="color:#dc2626">colour</span> and <mark ' +
    'data-color="#fef08a" style="background-color:#fef08a;color:inherit">highlight</mark></p>',
  '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol start="3"><li><p>three</p></li></ol>',
  '<p><a href="https://myaccount.microsoft.com" target="_blank" rel="noopener noreferrer nofollow">link</a> <a ' +
    'href="mailto:help@contoso.com">mail</a></p>',
  '<blockquote><p>quoted</p></blockquote><hr />',
];

describe('sanitizeTemplate', () => {
  it.each(EDITOR_OUTPUT)('keeps what the editor produces: %s', (html) => {
    expect(sanitizeTemplate(html)).toBe(html);
  });

  it('keeps the default template unchanged', () => {
    expect(sanitizeTemplate(DEFAULT_EMAIL_TEMPLATE)).toBe(DEFAULT_EMAIL_TEMPLATE);
  });

  it('removes scripts with their content, and styles', () => {
    expect(sanitizeTemplate('<p>Hi<script>alert(document.cookie)</script></p><style>p{color:red}</style>')).toBe('<p>Hi</p>');
  });

  it('removes event handlers and unknown attributes', () => {
    expect(sanitizeTemplate('<p onclick="steal()" class="x" id="y">Hi</p><span onmouseover="x()">a</span>')).toBe('<p>Hi</p><span>a</span>');
  });

  it('removes remote resources: images, frames, objects, forms, links to stylesheets', () => {
    const html =
      '<p>a<img src="https://tracker.example/pixel.gif">b</p><iframe src="https://evil.example"></iframe><object ' +
      'data="x.swf"></object>' +
      '<form action="https://evil.example"><input name="p"></form><link rel="stylesheet" ' +
      'href="https://evil.example/x.css"><video src="v.mp4"></video>';
    expect(sanitizeTemplate(html)).toBe('<p>ab</p>');
  });

  it('keeps only colour and alignment styles, so url() and expression() cannot load anything', () => {
    expect(sanitizeTemplate('<span style="background-image:url(https://evil.example/x.png);color:#111111">t</span>')).toBe(
      '<span style="color:#111111">t</span>',
    );
    expect(sanitizeTemplate('<p style="text-align:center;width:expression(alert(1))">t</p>')).toBe('<p style="text-align:center">t</p>');
    expect(sanitizeTemplate('<span style="color:url(https://evil.example/)">t</span>')).toBe('<span>t</span>');
  });

  it('allows only http, https and mailto links', () => {
    expect(sanitizeTemplate('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeTemplate('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(sanitizeTemplate('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
  });

  const dangerous = [
    '<script>x</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:x">y</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p onclick="x()">z</p>',
  ];

  it('is idempotent on editor output mixed with dangerous markup, so saving an unchanged template changes nothing', () => {
    const fragment = fc.constantFrom(...EDITOR_OUTPUT, ...dangerous, "<p>&amp; &lt; &quot; ' {{userName}}</p>");
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 10 }), (parts) => {
        const once = sanitizeTemplate(parts.join(''));
        expect(sanitizeTemplate(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('never lets anything executable or remote through, whatever the input', () => {
    const fragment = fc.oneof(
      fc.constantFrom(...EDITOR_OUTPUT, ...dangerous, '<p style="color:red;text-align:left">', '</p>', '<', '"', '<a href="java', 'script:x">'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        for (const element of elementsOf(sanitizeTemplate(parts.join('')))) {
          expect(TEMPLATE_TAGS).toContain(element.name);
          expect(Object.keys(element.attribs).filter((name) => name.startsWith('on'))).toEqual([]);
          expect(element.attribs.href ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);
        }
      }),
      { numRuns: 300 },
    );
  });
});
