import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The modules the web app loads on demand once it knows the visitor is signed in (src/web/app/routes.tsx). */
const SIGNED_IN_ENTRIES = ['app/signed-in-routes.tsx', 'lib/stored-tenant.ts'];

/**
 * `<link rel="modulepreload">` tags for the signed-in app's chunks and the chunks they import,
 * leaving out what index.html loads anyway. Sent only to a browser with a session cookie: it
 * fetches them beside the entry instead of after the sign-in check answered, one round trip saved
 * before the dashboard can render, while a signed-out visitor downloads none of it. Empty when the
 * build wrote no manifest.
 */
export function signedInPreloadTags(webRoot: string): string {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const loadedByEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, loadedByEntry);
  const files = new Set<string>();
  for (const entry of SIGNED_IN_ENTRIES) collect(entry, files);
  return (
    [...files]
      .filter((file) => !loadedByEntry.has(file))
      // Same origin: script-src 'self' allows them without a nonce.
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('')
  );
}
