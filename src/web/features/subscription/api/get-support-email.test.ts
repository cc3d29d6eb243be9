import { describe, expect, it } from 'vitest';
import { readSupportEmail } from './get-support-email';

describe('readSupportEmail', () => {
  it('reads the address the server names', () => {
    expect(readSupportEmail({ demoMode: false, adminHint: null, simulatedMailboxUrl: null, supportEmail: 'help@passwatch.app' })).toBe(
      'help@passwatch.app',
    );
  });

  it.each([
    ['no address', { demoMode: true, adminHint: null, simulatedMailboxUrl: null }],
    ['something that is not an address', { supportEmail: 'call us' }],
    ['no app info yet', undefined],
  ])('gives null for %s', (_label, appInfo) => {
    expect(readSupportEmail(appInfo)).toBeNull();
  });
});
