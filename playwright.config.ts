import { defineConfig } from '@playwright/test';
import { CERTIFIED_APP_URL } from './e2e/certified-server.js';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine has no outside network: keep Chromium from trying to reach Google.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: 'node e2e/start-demo-server.mjs',
      url: `http://localhost:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // Let the server stop its embedded PostgreSQL cleanly (Playwright's default is SIGKILL).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The same app outside demo mode, signing in through panva's certified oidc-provider.
      command: 'node --import tsx e2e/start-certified-server.ts',
      url: `${CERTIFIED_APP_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
