import type { z } from 'zod';

// The sanitiser's (and the HTML parser's) time grows faster than the template once tags pile up
// or nest deeply: 200,000 nested tags held the server for over half a minute. Each variable is
// filled with up to a few hundred characters before the mail is sanitised and rendered again. A
// template is measured with one linear pass before anything parses it, and refused beyond these
// bounds, which are far above what the template editor produces for a reminder mail.
export const TEMPLATE_LIMITS = { length: 10_000, tags: 500, depth: 40, variables: 50 } as const;

export const templateMessages = {
  tooLong: `The email template can be at most ${TEMPLATE_LIMITS.length.toLocaleString('en-US')} characters`,
  tooManyTags: `The email template can have at most ${TEMPLATE_LIMITS.tags.toLocaleString('en-US')} HTML tags`,
  tooDeep: `The email template can nest formatting at most ${TEMPLATE_LIMITS.depth} levels deep`,
  tooManyVariables: `The email template can use at most ${TEMPLATE_LIMITS.variables} variables`,
} as const;

// Elements that never hold content, so they never deepen the tree.
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
// Anything an HTML parser reads as markup: a start or end tag, a comment, a declaration.
const MARKUP = /<(\/?)([a-z][^\s/>]*)|<[!?]/gi;

export interface TemplateShape {
  tags: number;
  /** The deepest nesting a parser can reach (end tags close up to the matching start tag, as parsers do). */
  depth: number;
  /** Places a {{variable}} may be filled in. */
  variables: number;
}

/** One pass over the template; stops counting once `stopAfterTags` is passed. */
export function measureTemplate(html: string, stopAfterTags: number = TEMPLATE_LIMITS.tags): TemplateShape {
  const open: string[] = [];
  const openCount = new Map<string, number>();
  let tags = 0;
  let depth = 0;
  for (const [, closing, rawName] of html.matchAll(MARKUP)) {
    if (++tags > stopAfterTags) break;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    if (VOID_ELEMENTS.has(name)) continue;
    if (!closing) {
      open.push(name);
      openCount.set(name, (openCount.get(name) ?? 0) + 1);
      depth = Math.max(depth, open.length);
    } else if ((openCount.get(name) ?? 0) > 0) {
      // Each start tag is pushed and popped once: the whole pass stays linear.
      let popped: string | undefined;
      do {
        popped = open.pop()!;
        openCount.set(popped, openCount.get(popped)! - 1);
      } while (popped !== name);
    }
  }
  return { tags, depth, variables: html.split('{{').length - 1 };
}

/** The bounds as a zod refinement, for every contract that takes a template. */
export function refineTemplateBounds(html: string, context: z.RefinementCtx): void {
  if (html.length > TEMPLATE_LIMITS.length) {
    context.addIssue({ code: 'custom', message: templateMessages.tooLong, continue: false });
    return;
  }
  const shape = measureTemplate(html);
  // Later checks (and the sanitiser) must not see a template out of bounds.
  if (shape.tags > TEMPLATE_LIMITS.tags) context.addIssue({ code: 'custom', message: templateMessages.tooManyTags, continue: false });
  else if (shape.depth > TEMPLATE_LIMITS.depth) context.addIssue({ code: 'custom', message: templateMessages.tooDeep, continue: false });
  else if (shape.variables > TEMPLATE_LIMITS.variables) context.addIssue({ code: 'custom', message: templateMessages.tooManyVariables, continue: false });
}
