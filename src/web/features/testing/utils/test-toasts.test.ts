import { describe, expect, it } from 'vitest';
import type { TestConfigurationResult } from '../../../../shared/api/configuration';
import { testCompletedToast, testFailedToast } from './test-toasts';

const invalidSecret =
  "Invalid client secret: Entra ID expected the secret's Value, not its Secret ID. In Certificates & secrets, copy the Value column.";

const allGood: TestConfigurationResult = {
  tenantConnection: { status: 'success', message: 'Signed in to tenant contoso.onmicrosoft.com.' },
  graphPermissions: { status: 'success', message: 'ok' },
  emailTemplate: { status: 'success', message: 'ok' },
  securityGroups: { status: 'success', message: 'ok' },
};
const wrongSecret: TestConfigurationResult = {
  ...allGood,
  tenantConnection: { status: 'error', message: invalidSecret },
  graphPermissions: { status: 'error', message: 'Skipped: the tenant connection failed.' },
};

const serverError = new Error('400: {"message":"Save the tenant connection first."}');
const networkError = new TypeError('Failed to fetch');

describe('configuration test toasts', () => {
  it('report completion with the overall verdict', () => {
    expect(testCompletedToast('configuration', wrongSecret)).toEqual({
      title: 'Configuration test completed',
      description: 'Configuration has errors that must be resolved before going live.',
    });
    expect(testCompletedToast('system', allGood).description).toBe('Configuration is ready for production use.');
  });

  it('name the failed request in the spec words, with the server message when there is one', () => {
    expect(testFailedToast('configuration', networkError)).toEqual({ variant: 'destructive', title: 'Test Failed', description: 'Configuration test failed' });
    expect(testFailedToast('system', networkError)).toEqual({ variant: 'destructive', title: 'System Test Failed', description: 'Full system test failed' });
    expect(testFailedToast('system', serverError).description).toBe('Save the tenant connection first.');
  });
});

describe('connection test toasts', () => {
  it('succeed with the tenant connection message', () => {
    expect(testCompletedToast('connection', allGood)).toEqual({
      title: 'Connection test completed successfully',
      description: 'Signed in to tenant contoso.onmicrosoft.com.',
    });
  });

  it('fail as tenant authentication with the actionable message when the sign-in check errors', () => {
    expect(testCompletedToast('connection', wrongSecret)).toEqual({
      variant: 'destructive',
      title: 'Connection test failed',
      description: `Tenant authentication failed: ${invalidSecret}`,
    });
  });

  it('fall back to the spec text when the request fails without a message', () => {
    expect(testFailedToast('connection', networkError)).toEqual({ variant: 'destructive', title: 'Error', description: 'Connection test failed' });
  });
});
