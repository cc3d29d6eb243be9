// Comments cite the repo's own documents as `docs/<file>.md §<Section>`. A citation whose document
// or section is gone sends the next engineer looking for something that is not there, so every
// one of them must resolve to a heading of that document.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CITED_TREES = ['src', 'connector', 'e2e', 'bench', 'scripts', 'build', '.ci', 'docs', 'README.md'];
// The section runs to the end of the sentence or clause; headings may hold parentheses and commas,
// so a cited section is right when it and a heading begin alike (see sectionResolves).
const CITATION = /docs\/([\w.-]+\.md)\s*§\s*([A-Za-z0-9][^\n;:]*)/g;
// A comment's sentence goes on after its line's marker (`//`, ` * `, `#`): read it as one line.
const COMMENT_LINE_BREAK = /\n\s*(?:\/\/|\*|#)[ \t]*/g;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '--', ...CITED_TREES], { encoding: 'utf8' })
    .split('\n')
    .filter((path) => /\.(ts|tsx|mjs|cjs|js|md|sh)$/.test(path) || path === '.ci/run');
}

function headingsOf(document: string): string[] | null {
  try {
    return readFileSync(`docs/${document}`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) =>
        line
          .replace(/^#+\s*/, '')
          .trim()
          .toLowerCase(),
      );
  } catch {
    return null;
  }
}

/** 'Rate limits' cites '## Rate limits'; 'Web performance, first load' too; a bare 'Rate' does not. */
function sectionResolves(cited: string, headings: readonly string[]): boolean {
  const section = cited.trim().toLowerCase();
  return headings.some(
    (heading) => section.startsWith(heading) || (heading.startsWith(section.replace(/[).,\s]+$/, '')) && section.length >= heading.length / 2),
  );
}

describe('citations of docs/', () => {
  it('every `docs/<file>.md §<Section>` names a document and a heading that exist', () => {
    const headings = new Map<string, string[] | null>();
    const broken: string[] = [];
    let citations = 0;
    for (const path of trackedFiles()) {
      const text = readFileSync(path, 'utf8').replace(COMMENT_LINE_BREAK, ' ');
      for (const [, document, section] of text.matchAll(CITATION)) {
        citations += 1;
        if (!headings.has(document!)) headings.set(document!, headingsOf(document!));
        const found = headings.get(document!);
        if (!found || !sectionResolves(section!, found)) broken.push(`${path}: docs/${document} §${section!.trim()}`);
      }
    }
    expect(citations).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
