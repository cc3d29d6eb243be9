import { describe, expect, it } from 'vitest';
import { AdRecordIndexCache } from './ad-record-cache.js';
import { AdRecordIndex, type IndexedAdRecord } from './ad-record-index.js';

const indexOf = (size: number) =>
  new AdRecordIndex(
    Array.from(
      { length: size },
      (_, at): IndexedAdRecord => ({
        domainSid: 'S-1-5-21-1',
        objectSid: `S-1-5-21-1-${at}`,
        objectGuid: `guid-${at}`,
        userPrincipalName: null,
        facts: {
          domain: 'corp.example',
          pwdLastSet: 0n,
          userAccountControl: 0,
          passwordExpiryTimeComputed: 0n,
          resultantPso: null,
          accountExpires: 0n,
          snapshotTakenAtMs: 0,
          stale: false,
        },
      }),
    ),
  );

describe('AdRecordIndexCache', () => {
  it('gives an organization’s index back only for the key it was built for', () => {
    const cache = new AdRecordIndexCache(100);
    const index = indexOf(3);
    cache.set('org-a', 'snapshot-1 fresh', index);
    expect(cache.get('org-a', 'snapshot-1 fresh')).toBe(index);
    expect(cache.get('org-a', 'snapshot-2 fresh')).toBeUndefined();
    expect(cache.get('org-a', 'snapshot-1 stale')).toBeUndefined();
    expect(cache.get('org-b', 'snapshot-1 fresh')).toBeUndefined();
  });

  it('replaces an organization’s older index, and forgets one on request', () => {
    const cache = new AdRecordIndexCache(100);
    cache.set('org-a', 'one', indexOf(10));
    const newer = indexOf(4);
    cache.set('org-a', 'two', newer);
    expect(cache.size).toBe(4);
    expect(cache.get('org-a', 'one')).toBeUndefined();
    expect(cache.get('org-a', 'two')).toBe(newer);
    cache.forget('org-a');
    expect(cache.get('org-a', 'two')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used organizations past its bound, and keeps no index larger than the bound', () => {
    const cache = new AdRecordIndexCache(10);
    cache.set('org-a', 'k', indexOf(4));
    cache.set('org-b', 'k', indexOf(4));
    expect(cache.get('org-a', 'k')).toBeDefined();
    cache.set('org-c', 'k', indexOf(4));
    expect(cache.get('org-b', 'k')).toBeUndefined();
    expect(cache.get('org-a', 'k')).toBeDefined();
    expect(cache.get('org-c', 'k')).toBeDefined();
    expect(cache.size).toBe(8);
    cache.set('org-d', 'k', indexOf(11));
    expect(cache.get('org-d', 'k')).toBeUndefined();
    expect(cache.size).toBe(8);
  });
});
