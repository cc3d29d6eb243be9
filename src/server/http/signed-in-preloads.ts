import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The API answers every signed-in page asks for first, before it knows anything else (who is
 * signed in, the demo banner's facts, the user's organizations: src/web/app/routes.tsx and the
 * organization gate). Each is a GET without a tenant header, so the browser can fetch it while the
 * scripts load instead of in a chain after them. `use-credentials`: the web app's fetch() sends
 * the session cookie with credentials 'include' (src/web/lib/api-client.ts), and a preload is
 * only used by a fetch of the same credentials mode.
 */
const SIGNED_IN_FIRST_REQUESTS = ['/api/auth/user', '/api/app-info', '/api/tenants'];

/** `<link rel="preload" as="fetch">` tags for SIGNED_IN_FIRST_REQUESTS: sent with the chunks' preloads. */
export function signedInDataPreloadTags(): string {
  return SIGNED_IN_FIRST_REQUESTS.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`).join('');
}

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
