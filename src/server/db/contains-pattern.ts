/**
 * `text` as a LIKE/ILIKE pattern that matches it literally anywhere: a user's '%', '_' or '\'
 * is a character to find, not a wildcard (backslash is PostgreSQL's default LIKE escape).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
