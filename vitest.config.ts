import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // React 19's automatic JSX runtime, as the Vite build uses it.
  esbuild: { jsx: 'automatic' },
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'build/**/*.test.ts', 'connector/**/*.test.ts'],
    // Two cores: files run in parallel, each API test file gets its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['src/server/test-support/global-setup.ts'],
  },
});
