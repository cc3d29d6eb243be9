import { describe, expect, it } from 'vitest';
import { connectionBadgeState } from './connection-badge';

describe('connectionBadgeState', () => {
  it('reads Not Configured without a configuration', () => {
    expect(
      connectionBadgeState({ configured: false, connectionStatus: 'unknown', message: null, problem: null, missingPermissions: [], checkedAt: null }),
    ).toMatchObject({
      label: 'Not Configured',
      tone: 'neutral',
    });
  });

  it('reads Connected to Tenant when the last call succeeded', () => {
    expect(
      connectionBadgeState({
        configured: true,
        connectionStatus: 'connected',
        message: 'Connected',
        problem: null,
        missingPermissions: [],
        checkedAt: '2025-03-01T10:00:00.000Z',
      }),
    ).toMatchObject({ label: 'Connected to Tenant', tone: 'success' });
  });

  it('reads Connection Issues with the reason after a failed call', () => {
    const state = connectionBadgeState(
      {
        configured: true,
        connectionStatus: 'error',
        message: 'The client secret has expired.',
        problem: 'credentials',
        missingPermissions: [],
        checkedAt: '2025-03-01T10:00:00.000Z',
      },
      'UTC',
    );
    expect(state).toEqual({
      label: 'Connection Issues',
      tone: 'warning',
      detail: 'Sign-in refused: The client secret has expired. Last checked 3/1/2025, 10:00 AM UTC.',
    });
  });

  it('names the class of problem and each missing permission', () => {
    const outage = connectionBadgeState({
      configured: true,
      connectionStatus: 'error',
      message: 'Microsoft Graph is unavailable (HTTP 503). Try again later.',
      problem: 'outage',
      missingPermissions: [],
      checkedAt: '2025-03-01T10:00:00.000Z',
    });
    expect(outage.detail).toMatch(/^Microsoft service outage: Microsoft Graph is unavailable \(HTTP 503\)\. Try again later\. Last checked /);
    const permission = connectionBadgeState({
      configured: true,
      connectionStatus: 'error',
      message: 'Missing application permission Mail.Send: add it under API permissions and grant admin consent.',
      problem: 'permission',
      missingPermissions: ['Mail.Send'],
      checkedAt: '2025-03-01T10:00:00.000Z',
    });
    expect(permission.detail).toMatch(
      /^Missing permissions: Missing application permission Mail\.Send: add it under API permissions and grant admin consent\. Last checked /,
    );
  });

  it('reads Connection Issues while the saved credentials are unverified', () => {
    expect(
      connectionBadgeState({ configured: true, connectionStatus: 'unknown', message: null, problem: null, missingPermissions: [], checkedAt: null }).label,
    ).toBe('Connection Issues');
  });
});
