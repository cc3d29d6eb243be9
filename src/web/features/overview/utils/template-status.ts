const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The words a template shows, tags and spacing aside. */
function visibleText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:nbsp|amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Configuration Status card: 'Custom' once the saved template says something other than the
 * default. Words, not markup, are compared: the editor and the server's sanitiser rewrite markup
 * (attribute order, `<br />`, styles) without changing what the template says. No template yet
 * means the default will be used.
 */
export function isCustomTemplate(savedTemplate: string, defaultTemplate: string): boolean {
  const saved = visibleText(savedTemplate);
  return saved !== '' && saved !== visibleText(defaultTemplate);
}
