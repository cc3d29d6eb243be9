// Faults while sending, with the production drain lease (15 s) and sweep (5 s): runs the fault
// tests (src/server/notifications/drain-faults.api.test.ts: a sending process killed with SIGKILL,
// or stopped with SIGTERM, mid-drain while a second instance runs; drain-database-outage.api.test.ts:
// PostgreSQL stopped for 2 s and restarted mid-drain) and prints, per fault, the time
// from the fault to the next reminder the second instance sent (target: under 60 s), and the
// duplicate and lost reminders (target: 0 and 0).
//   npx tsx bench/faults.ts
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DRAIN_LEASE_MS } from '../src/server/notifications/drain-lease.js';
import { DEFAULT_AUTOMATION_JOB_OPTIONS } from '../src/server/automation/automation-jobs.js';
import { formatCount } from './support/figures.js';

const TARGET_RESUME_MS = 60_000;
const TEST_FILES = ['src/server/notifications/drain-faults.api.test.ts', 'src/server/notifications/drain-database-outage.api.test.ts'];

interface FaultFigures {
  fault: string;
  resumeMs: number;
  duplicates: number;
  lost: number;
  outcomeUnknown: number;
}

const folder = await mkdtemp(path.join(tmpdir(), 'passwatch-faults-'));
const figuresFile = path.join(folder, 'figures.jsonl');
try {
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run', ...TEST_FILES, '--testTimeout', '180000'],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: {
          ...process.env,
          FAULT_FIGURES_FILE: figuresFile,
          FAULT_DRAIN_LEASE_MS: String(DRAIN_LEASE_MS),
          FAULT_SWEEP_MS: String(DEFAULT_AUTOMATION_JOB_OPTIONS.sweepIntervalMs),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('exit', resolve);
  });
  const figures = (await readFile(figuresFile, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FaultFigures);
  console.log(`faults while sending (drain lease ${DRAIN_LEASE_MS / 1000} s, sweep every ` + `${DEFAULT_AUTOMATION_JOB_OPTIONS.sweepIntervalMs / 1000} s)`);
  for (const entry of figures) {
    console.log(
      `  ${entry.fault.padEnd(19)} next reminder sent ${(entry.resumeMs / 1000).toFixed(1)} s after the fault (target ` +
        `< ${TARGET_RESUME_MS / 1000} s); ` +
        `duplicates ${formatCount(entry.duplicates)}, lost ${formatCount(entry.lost)} (targets 0 and 0); outcome ` +
        `unknown (reported) ${formatCount(entry.outcomeUnknown)}`,
    );
  }
  const met = exitCode === 0 && figures.length > 0 && figures.every((entry) => entry.resumeMs < TARGET_RESUME_MS && entry.duplicates === 0 && entry.lost === 0);
  process.exitCode = met ? 0 : 1;
} finally {
  await rm(folder, { recursive: true, force: true });
}
