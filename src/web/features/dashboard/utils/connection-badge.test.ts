import { describe, expect, it } from 'vitest';
import { connectionBadgeState } from './connection-badge';

describe('connectionBadgeState', () => {
  it('reads Not Configured without a configuration', () => {
    expect(connectionBadgeState({ configured: false, connectionStatus: 'unknown', message: null, checkedAt: null })).toMatchObject({
      label: 'Not Configured',
      tone: 'neutral',
    });
  });

  it('reads Connected to Tenant when the last call succeeded', () => {
    expect(
      connectionBadgeState({ configured: true, connectionStatus: 'connected', message: 'Connected', checkedAt: '2025-03-01T10:00:00.000Z' }),
    ).toMatchObject({ label: 'Connected to Tenant', tone: 'success' });
  });

  it('reads Connection Issues with the reason after a failed call', () => {
    const state = connectionBadgeState({
      configured: true,
      connectionStatus: 'error',
      message: 'The client secret has expired.',
      checkedAt: '2025-03-01T10:00:00.000Z',
    });
    expect(state).toEqual({ label: 'Connection Issues', tone: 'warning', detail: 'The client secret has expired.' });
  });

  it('reads Connection Issues while the saved credentials are unverified', () => {
    expect(connectionBadgeState({ configured: true, connectionStatus: 'unknown', message: null, checkedAt: null }).label).toBe('Connection Issues');
  });
});
