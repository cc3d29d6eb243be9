import { defineConfig } from 'vite';

// The connector ships as one file to copy onto a server (docs/connector.md §Install): everything it
// imports, ldapts and zod included, is bundled into dist/connector/passwatch-connector.mjs, which
// needs nothing but Node 20 or later.
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/main.ts',
    outDir: '../dist/connector',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      output: { entryFileNames: 'passwatch-connector.mjs', banner: '#!/usr/bin/env node' },
      // zod marks some calls pure in comments Rollup cannot place; it drops them, harmlessly.
      onwarn: (warning, warn) => (warning.code === 'INVALID_ANNOTATION' ? undefined : warn(warning)),
    },
  },
});
