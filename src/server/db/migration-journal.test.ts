import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: JournalEntry[] };

describe('drizzle migration journal', () => {
  // drizzle's migrator skips every migration whose timestamp is not newer than the last one a
  // database has applied, so a timestamp out of order would silently never run on an existing
  // database (easy to cause when two branches each generate a migration).
  it('has strictly increasing timestamps in index order', () => {
    const entries = journal.entries;
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, index) => index));
    for (let index = 1; index < entries.length; index++) {
      expect(entries[index]!.when, `${entries[index]!.tag} must be newer than ${entries[index - 1]!.tag}`).toBeGreaterThan(entries[index - 1]!.when);
    }
  });

  it('names each migration with its index', () => {
    for (const entry of journal.entries) expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0'))).toBe(true);
  });
});
