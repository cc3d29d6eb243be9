// The connector against a real Samba AD domain controller (scripts/samba-dc/): what it reads is
// what the DC computed, user by user, before and after a live policy change.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';
import { beforeAll, describe, expect, it } from 'vitest';
import { beginSnapshotBodySchema, snapshotBatchBodySchema, type AdUserRecord } from '../../src/shared/api/connector-snapshot.js';
import { EXIT, ldapFailure } from '../src/errors.js';
import { type DomainSnapshot, readDomain } from '../src/read-domain.js';
import { DAY, SEEDED_AGES, ldapsearchUsers, ldbsearchSids, readerConfig, replaceAsAdmin, requireDc, type SambaDc, sambaDc, withDcLock } from './samba-dc.js';
import { connectorFailure } from './connector-failure.js';

const found = sambaDc();
const NEVER = '9223372036854775807';
const UF_ACCOUNTDISABLE = 0x2;
const UF_DONT_EXPIRE_PASSWD = 0x10000;

describe.skipIf(!found && process.env.CI !== 'true')('the connector against a Samba AD domain controller', () => {
  let dc: SambaDc;
  let snapshot: DomainSnapshot;
  const byName = (name: string): AdUserRecord => {
    const user = snapshot.users.find((each) => each.sAMAccountName === name);
    if (!user) throw new Error(`${name} is not in the snapshot`);
    return user;
  };
  const psoDn = (name: string) => `CN=${name},CN=Password Settings Container,CN=System,${dc.baseDn}`;
  const plus = (filetime: string, days: bigint) => (BigInt(filetime) + days * DAY).toString();

  beforeAll(async () => {
    dc = requireDc(found);
    snapshot = await withDcLock(() => readDomain(readerConfig(dc)));
  });

  it('reads the domain: DNS and NetBIOS names, SID, maxPwdAge as stored', () => {
    expect(snapshot.domain).toEqual({
      dnsName: dc.realm.toLowerCase(),
      netbiosName: dc.netbiosName,
      domainSid: expect.stringMatching(/^S-1-5-21-\d+-\d+-\d+$/),
      maxPwdAge: (-SEEDED_AGES.domain * DAY).toString(),
    });
    expect(snapshot.skipped).toEqual([]);
  });

  it('reads every user, each with the values the DC holds and computed, as ldapsearch and ldbsearch see them', () => {
    const ldap = ldapsearchUsers(dc);
    const sids = ldbsearchSids(dc);
    expect(new Set(snapshot.users.map((user) => user.sAMAccountName))).toEqual(new Set(ldap.keys()));
    for (const user of snapshot.users) {
      const entry = ldap.get(user.sAMAccountName)!;
      const one = (attribute: string) => entry.get(attribute.toLowerCase())?.[0] ?? null;
      expect({ name: user.sAMAccountName, expiry: user.passwordExpiryTimeComputed }).toEqual({
        name: user.sAMAccountName,
        expiry: one('msDS-UserPasswordExpiryTimeComputed'),
      });
      expect(user.pwdLastSet).toBe(one('pwdLastSet'));
      expect(user.accountExpires).toBe(one('accountExpires'));
      expect(user.userAccountControl).toBe(Number(one('userAccountControl')));
      expect(user.resultantPso).toBe(one('msDS-ResultantPSO'));
      expect(user.objectGuid).toBe(one('objectGUID'));
      expect(user.objectSid).toBe(sids.get(user.sAMAccountName));
      expect(user.objectSid.startsWith(`${snapshot.domain.domainSid}-`)).toBe(true);
    }
  });

  it("gives each seeded user the date the DC's rule gives: domain policy, group PSO, direct PSO, never, now, disabled", () => {
    const alice = byName('alice');
    expect(alice.passwordExpiryTimeComputed).toBe(plus(alice.pwdLastSet, SEEDED_AGES.domain));
    expect(alice.resultantPso).toBeNull();
    expect(byName('bob').mail).toBeNull();

    const carol = byName('carol');
    expect(carol.resultantPso).toBe(psoDn('Finance PSO'));
    expect(carol.passwordExpiryTimeComputed).toBe(plus(carol.pwdLastSet, SEEDED_AGES.financePso));

    // Dave is in Finance Staff (Finance PSO, precedence 10) and has Executive PSO (precedence 20) applied to him directly: the direct one wins.
    const dave = byName('dave');
    expect(dave.resultantPso).toBe(psoDn('Executive PSO'));
    expect(dave.passwordExpiryTimeComputed).toBe(plus(dave.pwdLastSet, SEEDED_AGES.executivePso));

    const erin = byName('erin');
    expect(erin.userAccountControl & UF_DONT_EXPIRE_PASSWD).toBe(UF_DONT_EXPIRE_PASSWD);
    expect(erin.passwordExpiryTimeComputed).toBe(NEVER);

    const frank = byName('frank');
    expect(frank.pwdLastSet).toBe('0');
    expect(frank.passwordExpiryTimeComputed).toBe('0');

    const grace = byName('grace');
    expect(grace.userAccountControl & UF_ACCOUNTDISABLE).toBe(UF_ACCOUNTDISABLE);
    expect(grace.passwordExpiryTimeComputed).toBe(plus(grace.pwdLastSet, SEEDED_AGES.domain));
  });

  it("moves the dates on the next read after a live policy change: the domain's maxPwdAge to 60 days, the Finance PSO to 45", async () => {
    await withDcLock(async () => {
      try {
        await replaceAsAdmin(dc, dc.baseDn, 'maxPwdAge', (-60n * DAY).toString());
        await replaceAsAdmin(dc, psoDn('Finance PSO'), 'msDS-MaximumPasswordAge', (-45n * DAY).toString());
        const after = await readDomain(readerConfig(dc));
        const user = (name: string) => after.users.find((each) => each.sAMAccountName === name)!;
        expect(after.domain.maxPwdAge).toBe((-60n * DAY).toString());
        expect(user('alice').passwordExpiryTimeComputed).toBe(plus(user('alice').pwdLastSet, 60n));
        expect(user('carol').passwordExpiryTimeComputed).toBe(plus(user('carol').pwdLastSet, 45n));
        // The direct PSO still decides Dave's date; the never-expiring and must-change users do not move.
        expect(user('dave').passwordExpiryTimeComputed).toBe(plus(user('dave').pwdLastSet, SEEDED_AGES.executivePso));
        expect(user('erin').passwordExpiryTimeComputed).toBe(NEVER);
        expect(user('frank').passwordExpiryTimeComputed).toBe('0');
        const ldap = ldapsearchUsers(dc);
        for (const each of after.users) {
          expect([each.sAMAccountName, each.passwordExpiryTimeComputed]).toEqual([
            each.sAMAccountName,
            ldap.get(each.sAMAccountName)!.get('msds-userpasswordexpirytimecomputed')![0],
          ]);
        }
      } finally {
        // The seeded policy again, for the other tests and the next run against this DC.
        await replaceAsAdmin(dc, dc.baseDn, 'maxPwdAge', (-SEEDED_AGES.domain * DAY).toString());
        await replaceAsAdmin(dc, psoDn('Finance PSO'), 'msDS-MaximumPasswordAge', (-SEEDED_AGES.financePso * DAY).toString());
      }
    });
  });

  it('reads every page of a paged search', async () => {
    const inPagesOfThree = await withDcLock(() => readDomain(readerConfig(dc), 3));
    expect(inPagesOfThree.users).toHaveLength(snapshot.users.length);
    expect(inPagesOfThree.users).toEqual(expect.arrayContaining(snapshot.users));
  });

  it('reads the same users over StartTLS on port 389', async () => {
    const overStartTls = await readDomain(readerConfig(dc, { security: 'starttls', port: dc.ldapPort }));
    expect(overStartTls.users).toEqual(expect.arrayContaining(snapshot.users));
    expect(overStartTls.users).toHaveLength(snapshot.users.length);
  });

  it('reports a wrong password as bad credentials (exit code 3)', async () => {
    const error = await connectorFailure(readDomain(readerConfig(dc, { password: 'not-the-password' })));
    expect(error.exitCode).toBe(EXIT.badCredentials);
    expect(error.message).toContain('LDAP 49');
  });

  it('reports a certificate whose CA it was not given as not trusted (exit code 4), over LDAPS and StartTLS', async () => {
    expect((await connectorFailure(readDomain(readerConfig(dc, { ca: undefined })))).exitCode).toBe(EXIT.certificateNotTrusted);
    expect((await connectorFailure(readDomain(readerConfig(dc, { ca: undefined, security: 'starttls', port: dc.ldapPort })))).exitCode).toBe(
      EXIT.certificateNotTrusted,
    );
  });

  it("maps the DC's own refusal of a simple bind without TLS to 'LDAP signing or encryption required' (exit code 5)", async () => {
    // The connector never binds in clear; this bind is made here only to get the DC's real answer.
    const client = new Client({ url: `ldap://${dc.host}:${dc.ldapPort}`, timeout: 10_000 });
    const refusal = await client.bind(dc.reader.dn, dc.reader.password).then(
      () => undefined,
      (error: unknown) => error,
    );
    await client.unbind().catch(() => undefined);
    expect((refusal as { code?: number }).code).toBe(8);
    expect(ldapFailure(refusal, `ldap://${dc.host}`).exitCode).toBe(EXIT.strongAuthRequired);
  });

  it('reports a DC that does not answer as unreachable (exit code 6)', async () => {
    const error = await connectorFailure(readDomain(readerConfig(dc, { port: 1 })));
    expect(error.exitCode).toBe(EXIT.dcUnreachable);
  });

  it('--dry-run prints exactly the requests of the contract and sends nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'connector-dry-run-'));
    const configFile = join(dir, 'connector.json');
    writeFileSync(join(dir, 'password'), `${dc.reader.password}\n`);
    // No serverUrl and no key: a dry run needs neither, so it cannot have sent anything.
    writeFileSync(configFile, JSON.stringify({ domains: [{ host: dc.host, bindDn: dc.reader.dn, passwordFile: 'password', caFile: dc.caFile }] }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'connector/src/main.ts', '--dry-run', '--config', configFile], {
      encoding: 'utf8',
      env: { ...process.env, PASSWATCH_URL: '' },
    });
    expect(run.stderr).toContain(`read ${snapshot.users.length} users of ${dc.realm.toLowerCase()}`);
    expect(run.status).toBe(0);
    const { requests } = JSON.parse(run.stdout) as { requests: { method: string; path: string; body: unknown }[] };
    expect(requests.map((request) => request.method)).toEqual(['POST', 'PUT', 'POST']);
    const begin = beginSnapshotBodySchema.parse(requests[0]!.body);
    expect(begin).toMatchObject({ domain: snapshot.domain, userCount: snapshot.users.length, batchCount: 1, connectorVersion: '1.0.0' });
    expect(requests[1]!.path).toBe(`/api/connector/v1/snapshots/${begin.snapshotId}/batches/0`);
    expect(snapshotBatchBodySchema.parse(requests[1]!.body).users).toEqual(expect.arrayContaining(snapshot.users));
    expect(requests[2]).toEqual({ method: 'POST', path: `/api/connector/v1/snapshots/${begin.snapshotId}/commit`, body: {} });
    expect(run.stdout).not.toContain(dc.reader.password);
  });
});
