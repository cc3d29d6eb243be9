import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; anything smaller than this gains less than a header costs. */
const compressible = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
const minimumBytes = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file under `dir`, at the
 * highest levels (done once per build, not per request). index.html is left alone: the server
 * fills in a fresh CSP nonce on every response. Source maps are never served.
 */
export async function precompressDirectory(dir: string): Promise<void> {
  const files = await readdir(dir, { recursive: true });
  await Promise.all(
    files
      .filter((file) => compressible.test(file))
      .map(async (file) => {
        const fullPath = path.join(dir, file);
        const content = await readFile(fullPath);
        if (content.length < minimumBytes) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${fullPath}.br`, br), writeFile(`${fullPath}.gz`, gz)]);
      }),
  );
}

/** The build step: the server sends the copy the browser accepts (src/server/http/web-app.ts). */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'passwatch:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: () => precompressDirectory(outDir),
  };
}
