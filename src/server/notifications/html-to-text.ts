// The plain-text part of a mail, from the sanitised template HTML (mail/sanitize-template.ts): its
// markup is a short, well-formed list of tags, so a tag-by-tag walk reads it reliably.
const TOKEN = /<(\/?)([a-z][a-z0-9]*)([^>]*)>|([^<]+)/gi;
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'blockquote', 'ul', 'ol']);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attributes);
  return match ? decodeEntities(match[1] ?? '') : null;
}

// Looks at the end of the text only: a pattern anchored at the end ('[ \t]+$') is tried from every
// blank in the text, so trimming after each tag made long mails quadratic.
function withoutTrailingBlanks(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return end === text.length ? text : text.slice(0, end);
}

interface ListState {
  ordered: boolean;
  next: number;
}

/**
 * Paragraphs and headings become blank-line separated blocks, list items '- ' or '1. ' lines,
 * <br> a line break, links 'text (address)'. Whitespace collapses as a browser would.
 */
export function htmlToText(html: string): string {
  let text = '';
  const lists: ListState[] = [];
  const links: { href: string | null; start: number }[] = [];
  const breakBlock = () => {
    text = withoutTrailingBlanks(text);
    if (text !== '' && !text.endsWith('\n\n')) text += text.endsWith('\n') ? '\n' : '\n\n';
  };
  for (const [, closing, rawName, attributes = '', content] of html.matchAll(TOKEN)) {
    if (content !== undefined) {
      const words = decodeEntities(content).replace(/\s+/g, ' ');
      text += text === '' || text.endsWith('\n') ? words.trimStart() : words;
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    if (name === 'br') {
      text = `${withoutTrailingBlanks(text)}\n`;
    } else if (name === 'hr') {
      breakBlock();
      text += '----------\n\n';
    } else if (name === 'li' && !closing) {
      const list = lists.at(-1);
      text = withoutTrailingBlanks(text);
      if (text !== '' && !text.endsWith('\n')) text += '\n';
      text += list?.ordered ? `${list.next++}. ` : '- ';
    } else if (name === 'p' && lists.length > 0) {
      // A list item's own paragraph: the item's line already started.
      if (closing) text = withoutTrailingBlanks(text);
    } else if (BLOCKS.has(name)) {
      if (!closing && (name === 'ul' || name === 'ol')) {
        const start = Number.parseInt(attribute(attributes, 'start') ?? '1', 10);
        lists.push({ ordered: name === 'ol', next: Number.isFinite(start) ? start : 1 });
      } else if (closing && (name === 'ul' || name === 'ol')) {
        lists.pop();
      }
      if (lists.length === 0 || name === 'ul' || name === 'ol') breakBlock();
    } else if (name === 'a') {
      if (!closing) {
        links.push({ href: attribute(attributes, 'href'), start: text.length });
      } else {
        const link = links.pop();
        const label = link ? text.slice(link.start).trim() : '';
        const address = link?.href?.replace(/^mailto:/i, '') ?? '';
        if (address !== '' && address !== label) text += ` (${address})`;
      }
    }
  }
  return `${text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
