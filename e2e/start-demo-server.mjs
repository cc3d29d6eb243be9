// Starts the built app in demo mode for the browser journeys, with a throw-away database folder
// and ports of its own (so a developer's `npm start` on 3000 is not disturbed; the E2E_* ports move
// them, as bench/web.ts does to run beside the journeys). Settings passed in the environment
// (OIDC_*, PAYPAL_*) are kept: start-certified-server.ts runs it outside demo mode.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'passwatch-e2e-'));
// Run as root, PostgreSQL runs as its own user, which must be able to enter this folder.
chmodSync(dataDir, 0o755);
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT ?? '54330',
    DEMO_IDENTITY_PORT: process.env.E2E_IDENTITY_PORT ?? '3101',
    DEMO_GRAPH_PORT: process.env.E2E_GRAPH_PORT ?? '3102',
    MAIL_RATE_PER_MINUTE: '600',
    // Configuration alerts wait for their window to end: seconds here, not the default quarter hour.
    CONFIGURATION_ALERT_WINDOW_SECONDS: '3',
    DEMO_PAYPAL_PORT: process.env.E2E_PAYPAL_PORT ?? '3103',
    ADMIN_EMAILS: process.env.E2E_ADMIN_EMAILS ?? 'operator@passwatch.test',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
