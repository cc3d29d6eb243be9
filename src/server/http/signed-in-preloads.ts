import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * `<link rel="modulepreload">` tags for the modules the entry loads on demand (the signed-in app,
 * src/web/app/routes.tsx, the remembered organization, the user's schema) and the chunks they
 * import, leaving out what index.html loads anyway. Sent only to a browser with a session cookie:
 * it fetches them beside the entry instead of after the sign-in check answered, a round trip and a
 * download saved before the dashboard can render, while a signed-out visitor downloads none of
 * it. Empty when the build wrote no manifest.
 */
export function signedInPreloadTags(webRoot: string): string {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const loadedByEntry = new Set<string>();
  for (const [key] of entries) collect(key, loadedByEntry);
  const onDemand = new Set<string>();
  for (const [, entry] of entries) for (const key of entry.dynamicImports ?? []) collect(key, onDemand);
  return (
    [...onDemand]
      .filter((file) => !loadedByEntry.has(file))
      // Same origin: script-src 'self' allows them without a nonce.
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('')
  );
}
