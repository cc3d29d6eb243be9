import { describe, expect, it } from 'vitest';
import { dnsNameFromBaseDn, guidBase64, int32, int64Text, sidFromBytes } from '../src/ad-values.js';
import { sidBytes } from './sid-bytes.js';

describe('sidFromBytes', () => {
  it('reads a domain user SID', () => {
    expect(sidFromBytes(sidBytes(5, [21, 1004336348, 1177238915, 682003330, 1104]))).toBe('S-1-5-21-1004336348-1177238915-682003330-1104');
  });

  it('reads a built-in SID and the largest sub-authority', () => {
    expect(sidFromBytes(sidBytes(5, [32, 544]))).toBe('S-1-5-32-544');
    expect(sidFromBytes(sidBytes(5, [21, 4294967295]))).toBe('S-1-5-21-4294967295');
  });

  it('writes an authority from 2^32 on in hex, as MS-DTYP does', () => {
    expect(sidFromBytes(sidBytes(2 ** 40, [1]))).toBe('S-1-0x010000000000-1');
  });

  it('reads the bytes of a slice of a larger buffer (as ldapts hands them out)', () => {
    const inner = sidBytes(5, [21, 1, 2, 3, 500]);
    const outer = Buffer.concat([Buffer.from([9, 9, 9]), inner]);
    expect(sidFromBytes(outer.subarray(3))).toBe('S-1-5-21-1-2-3-500');
  });

  it('refuses bytes that are not a SID', () => {
    expect(() => sidFromBytes(new Uint8Array(4))).toThrow(/at least 8/);
    expect(() => sidFromBytes(sidBytes(5, [21, 1]).subarray(0, 12))).toThrow(/announces 2 sub-authorities/);
  });
});

describe('guidBase64', () => {
  it('is the base64 of the 16 raw bytes, as Entra Connect writes onPremisesImmutableId', () => {
    // objectGUID {6c8f2f5a-...} in AD's byte order; the base64 is of the bytes as stored, not of the text.
    const bytes = Buffer.from('5a2f8f6c1d2e3f40a1b2c3d4e5f60718', 'hex');
    expect(guidBase64(bytes)).toBe('Wi+PbB0uP0ChssPU5fYHGA==');
    expect(Buffer.from(guidBase64(bytes), 'base64').equals(bytes)).toBe(true);
  });

  it('refuses anything but 16 bytes', () => {
    expect(() => guidBase64(new Uint8Array(15))).toThrow(/16/);
  });
});

describe('int64Text', () => {
  it('keeps a FILETIME exactly, digits a JS number would round', () => {
    expect(int64Text('134402407392244581', 'pwdLastSet')).toBe('134402407392244581');
    expect(Number('134402407392244581').toString()).not.toBe('134402407392244581');
  });

  it('keeps both ends of the 64-bit range and refuses one past them', () => {
    expect(int64Text('9223372036854775807', 'msDS-UserPasswordExpiryTimeComputed')).toBe('9223372036854775807');
    expect(int64Text('-9223372036854775808', 'maxPwdAge')).toBe('-9223372036854775808');
    expect(() => int64Text('9223372036854775808', 'accountExpires')).toThrow(/outside the 64-bit range/);
    expect(() => int64Text('-9223372036854775809', 'maxPwdAge')).toThrow(/outside the 64-bit range/);
  });

  it('keeps 0 (must change now) and refuses what is not an integer', () => {
    expect(int64Text('0', 'pwdLastSet')).toBe('0');
    for (const text of ['', '1.5', '1e18', '0x10', '007', 'never']) expect(() => int64Text(text, 'pwdLastSet')).toThrow(/not a 64-bit integer/);
  });
});

describe('int32', () => {
  it('reads userAccountControl, signed or unsigned', () => {
    expect(int32('66048', 'userAccountControl')).toBe(0x10200);
    expect(int32('4294967295', 'userAccountControl')).toBe(4294967295);
    expect(int32('-1', 'userAccountControl')).toBe(-1);
    expect(() => int32('4294967296', 'userAccountControl')).toThrow(/32-bit/);
  });
});

describe('dnsNameFromBaseDn', () => {
  it('joins the DC= components', () => {
    expect(dnsNameFromBaseDn('DC=corp,DC=Contoso,DC=com')).toBe('corp.contoso.com');
    expect(dnsNameFromBaseDn('dc=example, dc=org')).toBe('example.org');
    expect(() => dnsNameFromBaseDn('CN=Users')).toThrow(/no DC= components/);
  });
});
