// Runs the Playwright journeys in Debian's Chromium. Nothing here downloads a browser: without
// /usr/bin/chromium the journeys are skipped with a loud line, except under CI=true, where that
// is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const help = `Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium`;
  if (process.env.CI === 'true') {
    console.error(`\nERROR: browser journeys cannot run. ${help}\n`);
    process.exit(1);
  }
  console.warn(`\n!!!!!!!!!!\n!!! SKIPPING BROWSER JOURNEYS: ${help}\n!!!!!!!!!!\n`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });
process.exit(result.status ?? 1);
