/**
 * Keeps the simulator's state in a JSON file: read once at start, rewritten after changes. Writes
 * are coalesced (at most one per delay) and atomic (temporary file, fsync, rename), so a crash
 * leaves the previous or the next complete file, never a partial one.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { restoreState, type RestoredState } from './state-snapshot.js';

export type Warn = (message: string) => void;

/**
 * The state in the file, or undefined when there is no file yet. A file that cannot be restored
 * is moved aside (`<file>.corrupt-<timestamp>`), so the simulator starts empty without losing it.
 */
export function loadStateFile(file: string, warn: Warn): RestoredState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return restoreState(JSON.parse(text));
  } catch (error) {
    const asidePath = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, asidePath);
    warn(`PayPal simulator: cannot restore ${file} (${errorMessage(error)}); moved it to ${asidePath} and started empty.`);
    return undefined;
  }
}

export interface StateFileWriterOptions {
  file: string;
  /** The file's next content; called when a write is due, so it sees the latest state. */
  serialize(): string;
  /** How long changes are collected before one write. */
  delayMs: number;
  warn: Warn;
}

export interface StateFileWriter {
  /** Notes that the state may have changed; the file is rewritten within delayMs if it did. */
  scheduleSave(): void;
  /** Writes what is pending now; later changes are no longer saved. */
  close(): Promise<void>;
}

export function createStateFileWriter(options: StateFileWriterOptions): StateFileWriter {
  const { file, delayMs, warn } = options;
  mkdirSync(path.dirname(file), { recursive: true });
  let timer: NodeJS.Timeout | undefined;
  // One write at a time, in order: each save starts when the previous one has finished.
  let writes: Promise<void> = Promise.resolve();
  let lastWritten: string | undefined;
  let closed = false;

  async function save(): Promise<void> {
    const text = options.serialize();
    if (text === lastWritten) return;
    try {
      await writeAtomically(file, text);
      lastWritten = text;
    } catch (error) {
      // A failed save must not take the simulator down; the next change tries again.
      warn(`PayPal simulator: could not save its state to ${file}: ${errorMessage(error)}`);
    }
  }

  function enqueueSave(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    writes = writes.then(save);
    return writes;
  }

  return {
    scheduleSave() {
      if (closed || timer) return;
      timer = setTimeout(enqueueSave, delayMs);
      // A pending save alone must not keep the process alive; close() writes it anyway.
      timer.unref();
    },
    async close() {
      if (closed) return writes;
      closed = true;
      return enqueueSave();
    },
  };
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
