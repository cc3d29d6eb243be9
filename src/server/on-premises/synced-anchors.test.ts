import { describe, expect, it } from 'vitest';
import { SyncedAnchorSet } from './synced-anchors.js';

type Anchor = { id: string; onPremisesSecurityIdentifier: string | null; onPremisesImmutableId: string | null; userPrincipalName: string };

const users: Anchor[] = Array.from({ length: 50 }, (_, at) => ({
  id: `00000000-0000-4000-8000-${String(at).padStart(12, '0')}`,
  onPremisesSecurityIdentifier: at % 7 === 0 ? null : `S-1-5-21-1-${1000 + at}`,
  onPremisesImmutableId: at % 5 === 0 ? null : `guid${at}==`,
  userPrincipalName: `user${at}@corp.example`,
}));

const digestOf = (anchors: readonly Anchor[]) => {
  const set = new SyncedAnchorSet();
  for (const anchor of anchors) set.add(anchor);
  return set.digest;
};

describe('SyncedAnchorSet', () => {
  it('gives the same digest for the same users in any order', () => {
    expect(digestOf([...users].reverse())).toBe(digestOf(users));
    expect(digestOf(users)).toMatch(/^50:[0-9a-f]{16}$/);
  });

  it('changes the digest when any field of any user changes, a user goes or comes', () => {
    const base = digestOf(users);
    const changed = (field: keyof Anchor, value: string | null) => digestOf(users.map((user, at) => (at === 3 ? { ...user, [field]: value } : user)));
    expect(changed('id', '00000000-0000-4000-8000-999999999999')).not.toBe(base);
    expect(changed('onPremisesSecurityIdentifier', 'S-1-5-21-1-9999')).not.toBe(base);
    expect(changed('onPremisesSecurityIdentifier', null)).not.toBe(base);
    expect(changed('onPremisesImmutableId', 'other==')).not.toBe(base);
    expect(changed('userPrincipalName', 'USER3@corp.example')).not.toBe(base);
    expect(digestOf(users.slice(1))).not.toBe(base);
    expect(digestOf([...users, { ...users[0]!, id: 'another' }])).not.toBe(base);
  });

  it('tells a field moved to its neighbour, and an empty field from a missing one, apart', () => {
    const one = { id: 'a', onPremisesSecurityIdentifier: 'bc', onPremisesImmutableId: null, userPrincipalName: 'd' };
    expect(digestOf([one])).not.toBe(digestOf([{ ...one, id: 'ab', onPremisesSecurityIdentifier: 'c' }]));
    expect(digestOf([one])).not.toBe(digestOf([{ ...one, onPremisesImmutableId: '' }]));
  });

  it('hands the users back as rows, batch by batch', () => {
    const set = new SyncedAnchorSet();
    for (const user of users) set.add(user);
    const at = new Date('2026-11-27T10:00:00Z');
    const rows = [...set.rows('tenant', 0, 20, at), ...set.rows('tenant', 20, 40, at), ...set.rows('tenant', 40, 60, at)];
    expect(rows).toHaveLength(50);
    expect(rows[7]).toEqual({
      tenantId: 'tenant',
      graphUserId: users[7]!.id,
      securityIdentifier: null,
      immutableId: 'guid7==',
      userPrincipalName: 'user7@corp.example',
      checkedAt: at,
    });
  });
});
