import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../../shared/api/configuration';
import { permissionGrants } from './permission-grants';

const status = (overrides: Partial<ConnectionStatus>): ConnectionStatus => ({
  configured: true,
  connectionStatus: 'connected',
  message: 'Connected',
  problem: null,
  missingPermissions: [],
  checkedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

describe('permissionGrants', () => {
  it('names each missing permission and calls the others granted', () => {
    const grant = permissionGrants(status({ connectionStatus: 'error', problem: 'permission', missingPermissions: ['Mail.Send'] }));
    expect(grant?.('Mail.Send')).toBe('missing');
    expect(grant?.('User.Read.All')).toBe('granted');
  });

  it('knows nothing before a check, or when the last one failed before the permissions were seen', () => {
    expect(permissionGrants(undefined)).toBeNull();
    expect(permissionGrants(status({ configured: false, connectionStatus: 'unknown' }))).toBeNull();
    expect(permissionGrants(status({ connectionStatus: 'unknown', checkedAt: null }))).toBeNull();
    expect(permissionGrants(status({ connectionStatus: 'error', problem: 'credentials' }))).toBeNull();
  });
});
