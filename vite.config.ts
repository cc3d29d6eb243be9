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
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Libraries change far less often than the app: their own chunks stay cached across releases.
    rollupOptions: { output: { manualChunks: { react: ['react', 'react-dom', 'react-dom/client'], query: ['@tanstack/react-query'], zod: ['zod'] } } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
