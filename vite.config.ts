import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The web app is built into dist/web and served by the Fastify server (one origin, so the
// session cookie and the SameSite/Origin checks need no CORS).
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
