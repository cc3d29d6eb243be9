/// <reference types="node" />
// (This test reads the sources from disk: the only web test that needs Node's types.)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What the landing page's bundle holds is what main.tsx reaches through static imports (dynamic
// import() calls start chunks of their own, loaded later). Type-only imports are erased.
const webRoot = fileURLToPath(new URL('..', import.meta.url));

const importPattern = /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?'([^']+)'/gm;

/** Whether the import brings in nothing but types (`import type`, or every named import marked `type`). */
function typeOnly(typeKeyword: string | undefined, clause: string | undefined): boolean {
  if (typeKeyword) return true;
  const named = /^\{([^}]*)\}$/.exec(clause?.trim() ?? '')?.[1];
  if (named === undefined) return false;
  const specifiers = named
    .split(',')
    .map((specifier) => specifier.trim())
    .filter(Boolean);
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.startsWith('type '));
}

function resolveFile(fromFile: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(webRoot, specifier.slice(2)) : path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith('.css')) ?? null;
}

/** The files and packages main.tsx reaches through static, runtime imports. */
function staticImportGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const [, typeKeyword, clause, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      if (!specifier || typeOnly(typeKeyword, clause)) continue;
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const resolved = resolveFile(file, specifier);
        if (resolved) pending.push(resolved);
      } else {
        packages.add(specifier);
      }
    }
  }
  return { files, packages };
}

describe('the landing page bundle', () => {
  const { files, packages } = staticImportGraph(path.join(webRoot, 'main.tsx'));
  const relativeFiles = [...files].map((file) => path.relative(webRoot, file));

  it('holds the landing page', () => {
    expect(relativeFiles).toContain(path.join('features', 'landing', 'components', 'landing-page.tsx'));
  });

  it('leaves out zod and the email editor (Tiptap)', () => {
    expect([...packages].filter((name) => name === 'zod' || name.startsWith('zod/') || name.startsWith('@tiptap/'))).toEqual([]);
  });

  it('leaves out the chart library, which even the signed-in app loads only with the forecast', () => {
    const charts = (names: Iterable<string>) =>
      [...names].filter((name) => name === 'recharts' || name.startsWith('recharts/') || name.startsWith('d3-') || name === 'victory-vendor');
    expect(charts(packages)).toEqual([]);
    expect(charts(staticImportGraph(path.join(webRoot, 'app', 'signed-in-routes.tsx')).packages)).toEqual([]);
  });

  it("leaves the email editor out of the signed-in app's first chunk too: the dashboard's first view does not load it", () => {
    const signedIn = staticImportGraph(path.join(webRoot, 'app', 'signed-in-routes.tsx'));
    expect([...signedIn.packages].filter((name) => name.startsWith('@tiptap/'))).toEqual([]);
  });

  it('leaves out the signed-in pages', () => {
    expect(relativeFiles.filter((file) => /signed-in-routes|dashboard|configuration|subscription|account|admin/.test(file))).toEqual([]);
  });
});
