import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { TestConfigurationResult } from '../../../../shared/api/configuration';
import { testCompletedToast, testFailedToast } from './test-toasts';

const invalidSecret = "Invalid client secret: Entra ID expected the secret's Value, not its Secret ID. In Certificates & secrets, copy the Value column.";

const allGood: TestConfigurationResult = {
  tenantConnection: { status: 'success', message: 'Signed in to tenant contoso.onmicrosoft.com.' },
  graphPermissions: { status: 'success', message: 'ok' },
  emailTemplate: { status: 'success', message: 'ok' },
  securityGroups: { status: 'success', message: 'ok' },
  connection: { status: 'connected', problem: null, message: 'Signed in to tenant contoso.onmicrosoft.com.', missingPermissions: [] },
};
const wrongSecret: TestConfigurationResult = {
  ...allGood,
  tenantConnection: { status: 'error', message: invalidSecret },
  graphPermissions: { status: 'error', message: 'Skipped: the tenant connection failed.' },
  connection: { status: 'error', problem: 'credentials', message: invalidSecret, missingPermissions: [] },
};
const missingMailSend = 'Missing application permission Mail.Send: add it under API permissions and grant admin consent.';
const graphDown = 'Microsoft Graph is unavailable (HTTP 503). Try again later.';

const serverError = new ApiError(400, { message: 'Save the tenant connection first.' });
const networkError = new TypeError('Failed to fetch');

describe('configuration test toasts', () => {
  it('report completion with the overall verdict', () => {
    expect(testCompletedToast('configuration', wrongSecret)).toEqual({
      title: 'Configuration test completed',
      description: 'Configuration has errors that must be resolved before going live.',
    });
    expect(testCompletedToast('system', allGood).description).toBe('Configuration is ready for production use.');
  });

  it('name the failed request in the documented words, with the server message when there is one', () => {
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

  it('fail when signed in but Graph is down or a permission is missing, naming the class of problem', () => {
    const outage: TestConfigurationResult = {
      ...allGood,
      graphPermissions: { status: 'error', message: graphDown },
      connection: { status: 'error', problem: 'outage', message: graphDown, missingPermissions: [] },
    };
    expect(testCompletedToast('connection', outage)).toEqual({
      variant: 'destructive',
      title: 'Connection test failed',
      description: `Microsoft service outage: ${graphDown}`,
    });
    const withoutMailSend: TestConfigurationResult = {
      ...allGood,
      graphPermissions: { status: 'error', message: missingMailSend },
      connection: { status: 'error', problem: 'permission', message: missingMailSend, missingPermissions: ['Mail.Send'] },
    };
    expect(testCompletedToast('connection', withoutMailSend).description).toBe(`Missing permissions: ${missingMailSend}`);
  });

  it('fall back to the documented text when the request fails without a message', () => {
    expect(testFailedToast('connection', networkError)).toEqual({ variant: 'destructive', title: 'Error', description: 'Connection test failed' });
  });
});
