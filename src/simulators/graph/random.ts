// Seeded randomness for synthetic directories: the same seed always builds the same tenant,
// so tests and benchmarks can name users and compare runs.
import { createHash } from 'node:crypto';

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A version-4-shaped GUID drawn from this sequence. */
  guid(): string;
}

/** mulberry32: tiny, fast and well distributed enough for test data (not for secrets). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const word = () => Math.floor(next() * 4_294_967_296);
  return {
    next,
    int: (maxExclusive) => Math.floor(next() * maxExclusive),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    guid: () => formatGuid([word(), word(), word(), word()]),
  };
}

/** A GUID derived from a name, stable across runs and independent of creation order. */
export function stableGuid(name: string): string {
  const digest = createHash('sha1').update(name).digest();
  return formatGuid([digest.readUInt32BE(0), digest.readUInt32BE(4), digest.readUInt32BE(8), digest.readUInt32BE(12)]);
}

function formatGuid(words: readonly number[]): string {
  const hex = words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
  const version = `4${hex.slice(13, 16)}`;
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  // join() yields a flat string; concatenation would keep a rope of nine pieces per id in memory.
  return [hex.slice(0, 8), hex.slice(8, 12), version, variant, hex.slice(20, 32)].join('-');
}

const SECRET_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~-'];
const HINT_CHARACTERS = SECRET_CHARACTERS.slice(0, 62);

/**
 * A client secret *value* shaped like Entra's: 3 characters (the hint the portal shows),
 * the version marker `8Q~`, then 34 random characters; 40 in all.
 */
export function secretValue(randomIndex: (maxExclusive: number) => number): string {
  const draw = (characters: readonly string[], length: number) => Array.from({ length }, () => characters[randomIndex(characters.length)]).join('');
  return `${draw(HINT_CHARACTERS, 3)}8Q~${draw(SECRET_CHARACTERS, 34)}`;
}
