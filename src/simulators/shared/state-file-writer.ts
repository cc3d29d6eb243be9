/**
 * Keeps a simulator's state in a JSON file, rewritten after changes. Writes are coalesced (at most
 * one per delay) and atomic (temporary file, fsync, rename), so a crash leaves the previous or the
 * next complete file, never a partial one.
 */
import { mkdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export type Warn = (message: string) => void;

export interface StateFileWriterOptions {
  file: string;
  /** The file's next content; called when a write is due, so it sees the latest state. */
  serialize(): string;
  /** How long changes are collected before one write. */
  delayMs: number;
  warn: Warn;
  /** Names the simulator in warnings. */
  label: string;
}

export interface StateFileWriter {
  /** Notes that the state may have changed; the file is rewritten within delayMs if it did. */
  scheduleSave(): void;
  /** Writes what is pending now; later changes are no longer saved. */
  close(): Promise<void>;
}

export function createStateFileWriter(options: StateFileWriterOptions): StateFileWriter {
  const { file, delayMs, warn, label } = options;
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
      warn(`${label}: could not save its state to ${file}: ${errorMessage(error)}`);
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

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
