import { describe, expect, it } from 'vitest';
import { beginSnapshotBodySchema, snapshotBatchBodySchema, type AdUserRecord } from '../../src/shared/api/connector-snapshot.js';
import { type DomainSnapshot, userRecord } from '../src/read-domain.js';
import { snapshotRequests } from '../src/snapshot-requests.js';
import { sidBytes } from './sid-bytes.js';

const DOMAIN_SID = 'S-1-5-21-1004336348-1177238915-682003330';

function user(rid: number): AdUserRecord {
  return {
    objectSid: `${DOMAIN_SID}-${rid}`,
    objectGuid: Buffer.alloc(16, rid % 256).toString('base64'),
    userPrincipalName: `user${rid}@contoso.com`,
    sAMAccountName: `user${rid}`,
    mail: null,
    pwdLastSet: '134402407392244581',
    userAccountControl: 512,
    passwordExpiryTimeComputed: '134438695392244581',
    resultantPso: null,
    accountExpires: '9223372036854775807',
  };
}

function snapshot(users: number): DomainSnapshot {
  return {
    domain: { dnsName: 'corp.contoso.com', netbiosName: 'CORP', domainSid: DOMAIN_SID, maxPwdAge: '-36288000000000' },
    passwordSettingsObjects: [],
    users: Array.from({ length: users }, (_, index) => user(1000 + index)),
    skipped: [],
  };
}

const stamp = { snapshotId: '3f1c2a9e-7b1d-4c55-9a0e-2d5b8f4e6a11', takenAt: new Date('2026-11-27T08:00:00Z'), connectorVersion: '1.0.0' };

describe('snapshotRequests', () => {
  it('is a begin, one PUT per batch of at most the batch size, and a commit, each as the contract has it', () => {
    const requests = snapshotRequests(snapshot(5), stamp, 2);
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/connector/v1/snapshots',
      `PUT /api/connector/v1/snapshots/${stamp.snapshotId}/batches/0`,
      `PUT /api/connector/v1/snapshots/${stamp.snapshotId}/batches/1`,
      `PUT /api/connector/v1/snapshots/${stamp.snapshotId}/batches/2`,
      `POST /api/connector/v1/snapshots/${stamp.snapshotId}/commit`,
    ]);
    const [begin, ...rest] = requests;
    expect(beginSnapshotBodySchema.parse(begin!.body)).toMatchObject({
      snapshotId: stamp.snapshotId,
      takenAt: '2026-11-27T08:00:00.000Z',
      userCount: 5,
      batchCount: 3,
    });
    const batches = rest.filter((request) => request.kind === 'batch').map((request) => snapshotBatchBodySchema.parse(request.body).users.length);
    expect(batches).toEqual([2, 2, 1]);
    expect(rest.at(-1)!.body).toEqual({});
  });

  it('sends an empty domain as a begin with no batches and a commit', () => {
    const requests = snapshotRequests(snapshot(0), stamp);
    expect(requests.map((request) => request.kind)).toEqual(['begin', 'commit']);
    expect(requests[0]!.body).toMatchObject({ userCount: 0, batchCount: 0 });
  });
});

describe('userRecord', () => {
  const entry = {
    dn: 'CN=adele,CN=Users,DC=corp,DC=contoso,DC=com',
    objectSid: sidBytes(5, [21, 1004336348, 1177238915, 682003330, 1104]),
    objectGUID: Buffer.from('5a2f8f6c1d2e3f40a1b2c3d4e5f60718', 'hex'),
    userPrincipalName: 'adele@contoso.com',
    sAMAccountName: 'adele',
    mail: [] as string[],
    pwdLastSet: '134402407392244581',
    userAccountControl: '66048',
    'msDS-UserPasswordExpiryTimeComputed': '9223372036854775807',
    'msDS-ResultantPSO': [] as string[],
    accountExpires: '0',
  };

  it('turns an entry into the wire record, 64-bit values as the DC sent them', () => {
    expect(userRecord(entry)).toEqual({
      objectSid: `${DOMAIN_SID}-1104`,
      objectGuid: 'Wi+PbB0uP0ChssPU5fYHGA==',
      userPrincipalName: 'adele@contoso.com',
      sAMAccountName: 'adele',
      mail: null,
      pwdLastSet: '134402407392244581',
      userAccountControl: 66048,
      passwordExpiryTimeComputed: '9223372036854775807',
      resultantPso: null,
      accountExpires: '0',
    });
  });

  it('reads attribute names in any case', () => {
    const { 'msDS-UserPasswordExpiryTimeComputed': expiry, ...rest } = entry;
    expect(userRecord({ ...rest, 'msds-userpasswordexpirytimecomputed': expiry }).passwordExpiryTimeComputed).toBe(expiry);
  });

  it('refuses an entry without the computed expiry (as a Global Catalog answers) rather than guess it', () => {
    const { 'msDS-UserPasswordExpiryTimeComputed': _expiry, ...withoutExpiry } = entry;
    expect(() => userRecord(withoutExpiry)).toThrow('the DC returned no msDS-UserPasswordExpiryTimeComputed');
  });

  it('refuses a SID that arrives as text instead of bytes', () => {
    expect(() => userRecord({ ...entry, objectSid: 'S-1-5-21-1-2-3-4' })).toThrow('the DC returned no objectSid');
  });
});
