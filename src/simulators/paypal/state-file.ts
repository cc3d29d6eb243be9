/**
 * Keeps the simulator's state in a JSON file: read once at start, rewritten after changes
 * (../shared/state-file-writer.ts).
 */
import { readFileSync, renameSync } from 'node:fs';
import { errorMessage, type Warn } from '../shared/state-file-writer.js';
import { restoreState, type RestoredState } from './state-snapshot.js';

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
