// What one configuration alert says about a quarter hour of saves: one line per setting with its
// net change (a field saved five times shows once, from its first state to its last), who saved it,
// how often and when last (docs/product.md §Account mail).
import type { ConfigurationChangeLine, SettingChange } from './payloads.js';
import { utcMinute } from '../../shared/domain/utc-minute.js';

/** One save as the window records it; `changes` null: the save created the configuration. */
export interface ConfigurationSave {
  /** ISO 8601. */
  at: string;
  actor: string;
  changes: SettingChange[] | null;
}

export interface ConfigurationChangeSummary {
  /** The first and the last save, as utcMinute writes them. */
  from: string;
  to: string;
  lines: ConfigurationChangeLine[];
}

/** A setting's saves in the window, merged as they come. */
type Merged =
  | { kind: 'value'; first: string; last: string }
  | { kind: 'set'; added: Set<string>; removed: Set<string> }
  | { kind: 'action'; actions: string[] }
  | { kind: 'created' };

interface Tally {
  what: string;
  merged: Merged;
  by: string[];
  saves: number;
  lastAt: string;
}

/** Saves in the order they were made; at least one. */
export function summarizeConfigurationSaves(saves: readonly ConfigurationSave[]): ConfigurationChangeSummary {
  const first = saves[0];
  const last = saves.at(-1);
  if (!first || !last) throw new Error('a configuration alert needs at least one save');
  const tallies = new Map<string, Tally>();
  for (const save of saves) {
    const changes: (SettingChange | null)[] = save.changes ?? [null];
    for (const change of changes) {
      const key = change ? `${kindOf(change)}:${change.setting}` : 'created';
      const tally = tallies.get(key);
      if (tally) {
        merge(tally.merged, change);
        if (!tally.by.includes(save.actor)) tally.by.push(save.actor);
        tally.saves += 1;
        tally.lastAt = save.at;
      } else {
        tallies.set(key, { what: change ? change.setting : 'configuration', merged: start(change), by: [save.actor], saves: 1, lastAt: save.at });
      }
    }
  }
  return {
    from: utcMinute(new Date(first.at)),
    to: utcMinute(new Date(last.at)),
    lines: [...tallies.values()].map((tally) => ({
      what: tally.what,
      change: describeMerged(tally.merged),
      by: tally.by,
      saves: tally.saves,
      lastAt: utcMinute(new Date(tally.lastAt)),
    })),
  };
}

function kindOf(change: SettingChange): Exclude<Merged['kind'], 'created'> {
  if ('from' in change) return 'value';
  if ('added' in change) return 'set';
  return 'action';
}

function start(change: SettingChange | null): Merged {
  if (!change) return { kind: 'created' };
  if ('from' in change) return { kind: 'value', first: change.from, last: change.to };
  if ('added' in change) return { kind: 'set', added: new Set(change.added), removed: new Set(change.removed) };
  return { kind: 'action', actions: [change.action] };
}

/** Folds a later save of the same setting (and kind) into what the window has so far. */
function merge(merged: Merged, change: SettingChange | null): void {
  if (!change) return;
  if (merged.kind === 'value' && 'to' in change) merged.last = change.to;
  if (merged.kind === 'set' && 'added' in change) {
    // An id added and removed again within the window is no change at all.
    for (const id of change.added) {
      if (!merged.removed.delete(id)) merged.added.add(id);
    }
    for (const id of change.removed) {
      if (!merged.added.delete(id)) merged.removed.add(id);
    }
  }
  if (merged.kind === 'action' && 'action' in change && merged.actions.at(-1) !== change.action) merged.actions.push(change.action);
}

function describeMerged(merged: Merged): string {
  switch (merged.kind) {
    case 'created':
      return 'created';
    case 'value':
      return merged.first === merged.last ? `changed, then set back to ${merged.last}` : `${merged.first} → ${merged.last}`;
    case 'set': {
      const parts = [merged.added.size > 0 ? `${merged.added.size} added` : '', merged.removed.size > 0 ? `${merged.removed.size} removed` : ''];
      return parts.some(Boolean) ? parts.filter(Boolean).join(', ') : 'changed, then set back';
    }
    case 'action':
      return merged.actions.join(', then ');
  }
}
