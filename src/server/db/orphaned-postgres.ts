import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** How long a fast shutdown of an orphaned server may take before the start gives up. */
const ORPHAN_STOP_TIMEOUT_MS = 20_000;
const POLL_MS = 100;

/** Whether a process with this PID runs (whoever owns it). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but another user's (the embedded server runs as `postgres` when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's command line, or null when it cannot be read (gone, or no /proc and no ps). */
async function commandLineOf(pid: number): Promise<string | null> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ').trim();
  } catch {
    try {
      const { stdout } = await promisify(execFile)('ps', ['-o', 'command=', '-p', String(pid)]);
      return stdout.trim() || null;
    } catch {
      return null;
    }
  }
}

/**
 * A server of this data folder left running by a process that died without stopping it (kill -9,
 * a crash) keeps its port and its lock file, so the next start would fail. PostgreSQL writes its
 * PID (first line) and data folder (second line) to `postmaster.pid`; when that PID is a running
 * postgres of this very folder, it gets a fast shutdown (SIGINT) and we wait for it to go. A lock
 * file whose PID is gone or belongs to an unrelated process is stale and removed. Nothing else is
 * ever signalled.
 */
export async function stopOrphanedServer(dataDir: string, log: (message: string) => void): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await readFile(lockFile, 'utf8')).split('\n');
  } catch {
    return;
  }
  const pid = Number(lines[0]);
  const ownsThisFolder = Number.isInteger(pid) && pid > 0 && path.resolve(lines[1] ?? '') === path.resolve(dataDir);
  const commandLine = ownsThisFolder && isProcessAlive(pid) ? await commandLineOf(pid) : null;
  if (!commandLine || !/postgres/.test(commandLine)) {
    log(`Removing stale lock file ${lockFile} (PID ${lines[0] || '?'} is not a running PostgreSQL of this folder)`);
    await rm(lockFile, { force: true });
    return;
  }
  log(`Stopping the embedded PostgreSQL (PID ${pid}) left running by an earlier start...`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      throw new Error(
        `the embedded PostgreSQL left running by an earlier start (PID ${pid}, data in ${dataDir}) did not stop within ` +
          `${ORPHAN_STOP_TIMEOUT_MS / 1000} s; stop it and start again`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
