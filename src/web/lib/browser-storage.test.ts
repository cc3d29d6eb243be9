import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { memoryStorage, refusingStorage } from '../test-support/memory-storage';
import { browserStorage, readStoredJson, removeStoredItem, writeStoredJson } from './browser-storage';

const counterSchema = z.object({ count: z.number() });

describe('stored JSON', () => {
  it('writes JSON and reads it back through the schema', () => {
    const storage = memoryStorage();
    writeStoredJson(storage, 'counter', { count: 3 });
    expect(storage.entries.get('counter')).toBe('{"count":3}');
    expect(readStoredJson(storage, 'counter', counterSchema)).toEqual({ count: 3 });
  });

  it.each([
    ['missing', {}],
    ['not JSON', { counter: '{count' }],
    ['of another shape', { counter: '{"count":"three"}' }],
  ])('reads null when the entry is %s', (_case, initial: Record<string, string>) => {
    expect(readStoredJson(memoryStorage(initial), 'counter', counterSchema)).toBeNull();
  });

  it('removes an entry', () => {
    const storage = memoryStorage({ counter: '{"count":1}', other: 'kept' });
    removeStoredItem(storage, 'counter');
    expect([...storage.entries.keys()]).toEqual(['other']);
  });

  it('does nothing, and throws nothing, without storage or where storage refuses', () => {
    for (const storage of [null, refusingStorage()]) {
      expect(() => writeStoredJson(storage, 'counter', { count: 1 })).not.toThrow();
      expect(() => removeStoredItem(storage, 'counter')).not.toThrow();
      expect(readStoredJson(storage, 'counter', counterSchema)).toBeNull();
    }
  });
});

describe('browserStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is null outside a browser', () => {
    expect(browserStorage('localStorage')).toBeNull();
  });

  it("is the window's storage area", () => {
    const local = memoryStorage();
    const session = memoryStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
    expect(browserStorage('localStorage')).toBe(local);
    expect(browserStorage('sessionStorage')).toBe(session);
  });

  it('is null where the browser refuses access', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): never {
        throw new Error('SecurityError');
      },
    });
    expect(browserStorage('sessionStorage')).toBeNull();
  });
});
