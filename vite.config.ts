import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompressAssets } from './build/precompress-assets.js';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/csp-nonce-placeholder.js';

// The web app is built into dist/web and served by the Fastify server (one origin, so the
// session cookie and the SameSite/Origin checks need no CORS).
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompressAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  // index.html carries this placeholder in a csp-nonce meta tag and on its script and style tags;
  // the server puts a fresh nonce in its place on every response (src/server/http/web-app.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Maps are written for whoever runs the build (decoding a reported stack trace) but not linked
    // from the bundles, and the server does not serve them.
    sourcemap: 'hidden',
    // .vite/manifest.json: the server reads which chunks the signed-in app needs, to preload them
    // for a browser with a session (src/server/http/signed-in-preloads.ts). It is not served.
    manifest: true,
    // Libraries change far less often than the app: their own chunks stay cached across releases.
    rollupOptions: {
      output: { manualChunks: { react: ['react', 'react-dom', 'react-dom/client'], query: ['@tanstack/react-query'], zod: ['zod'] } },
      // A library's comment that Rollup drops as a misplaced annotation changes nothing we ship:
      // reporting it on every build would bury the warnings that do matter.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
