import { describe, expect, it } from 'vitest';
import type { OnPremisesRecord } from '../../shared/domain/on-premises-expiry.js';
import { AdRecordIndex, type IndexedAdRecord } from './ad-record-index.js';

const facts = (domain: string): OnPremisesRecord => ({
  domain,
  pwdLastSet: 1n,
  userAccountControl: 0x200,
  passwordExpiryTimeComputed: 2n,
  resultantPso: null,
  accountExpires: 0n,
  snapshotTakenAtMs: 0,
  stale: false,
});

const record = (domainSid: string, rid: number, upn: string | null): IndexedAdRecord => ({
  domainSid,
  objectSid: `${domainSid}-${rid}`,
  objectGuid: `guid-${domainSid}-${rid}`,
  userPrincipalName: upn,
  facts: facts(domainSid),
});

const CORP = 'S-1-5-21-1';
const EMEA = 'S-1-5-21-2';
const ada = record(CORP, 1001, 'Ada@corp.example');
const bob = record(CORP, 1002, 'bob@corp.example');
const cyd = record(CORP, 1003, null);
const twinA = record(CORP, 1004, 'same@example.com');
const twinB = record(EMEA, 2001, 'SAME@example.com');
const eve = record(EMEA, 2002, 'eve@emea.example');
const index = new AdRecordIndex([ada, bob, cyd, twinA, twinB, eve]);

const user = (sid: string | null, immutableId: string | null, upn: string) => ({
  onPremisesSecurityIdentifier: sid,
  onPremisesImmutableId: immutableId,
  userPrincipalName: upn,
});

describe('AdRecordIndex', () => {
  it('matches by SID (any case), then GUID, then a UPN only one record has (any case)', () => {
    const matcher = index.startMatching();
    expect(matcher.match(user(ada.objectSid, 'guid-of-bob-ignored', 'x@y'))).toBe(ada);
    expect(matcher.match(user(bob.objectSid.toLowerCase(), null, 'x@y'))).toBe(bob);
    expect(matcher.match(user('S-1-5-21-9-1', cyd.objectGuid, 'bob@corp.example'))).toBe(cyd);
    expect(matcher.match(user(null, null, 'ADA@CORP.EXAMPLE'))).toBe(ada);
    expect(matcher.match(user(null, null, 'same@example.com'))).toBeNull();
    expect(matcher.match(user(null, 'no-such-guid', 'nobody@example.com'))).toBeNull();
  });

  it('counts each domain’s records read, matched (once each) and unmatched, and the Graph users nothing matched', () => {
    const matcher = index.startMatching();
    matcher.match(user(ada.objectSid, null, 'a'));
    matcher.match(user(null, ada.objectGuid, 'a'));
    matcher.match(user(null, null, 'eve@emea.example'));
    matcher.match(user(null, null, 'same@example.com'));
    matcher.match(user(null, null, 'nobody@example.com'));
    const counts = matcher.matchCounts();
    expect(counts.unmatchedGraphUsers).toBe(2);
    expect(counts.domains).toEqual(
      new Map([
        [CORP, { usersRead: 4, matched: 1, unmatchedAdUsers: 3 }],
        [EMEA, { usersRead: 2, matched: 1, unmatchedAdUsers: 1 }],
      ]),
    );
  });

  it('keeps each check’s counts apart, so one index serves check after check', () => {
    const first = index.startMatching();
    first.match(user(bob.objectSid, null, 'b'));
    const second = index.startMatching();
    expect(second.matchCounts().domains.get(CORP)).toEqual({ usersRead: 4, matched: 0, unmatchedAdUsers: 4 });
    expect(second.matchCounts().unmatchedGraphUsers).toBe(0);
    expect(first.matchCounts().domains.get(CORP)?.matched).toBe(1);
  });

  it('has no domains and matches nobody when empty', () => {
    const matcher = new AdRecordIndex([]).startMatching();
    expect(matcher.match(user(ada.objectSid, ada.objectGuid, 'Ada@corp.example'))).toBeNull();
    expect(matcher.matchCounts()).toEqual({ domains: new Map(), unmatchedGraphUsers: 1 });
  });
});
