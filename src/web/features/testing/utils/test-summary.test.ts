import { describe, expect, it } from 'vitest';
import type { TestConfigurationResult, TestStatus } from '../../../../shared/api/configuration';
import { overallSummaryMessage, overallTestStatus } from './test-summary';

function result(statuses: [TestStatus, TestStatus, TestStatus, TestStatus]): TestConfigurationResult {
  const [tenantConnection, graphPermissions, emailTemplate, securityGroups] = statuses.map((status) => ({ status, message: status }));
  const connection: TestConfigurationResult['connection'] = { status: 'connected', problem: null, message: 'Connected', missingPermissions: [] };
  return {
    tenantConnection: tenantConnection!,
    graphPermissions: graphPermissions!,
    emailTemplate: emailTemplate!,
    securityGroups: securityGroups!,
    connection,
  };
}

describe('overall test status', () => {
  it('is an error when any check errors, even beside warnings', () => {
    const run = result(['success', 'warning', 'success', 'error']);
    expect(overallTestStatus(run)).toBe('error');
    expect(overallSummaryMessage(run)).toBe('Configuration has errors that must be resolved before going live.');
  });

  it('is a warning when a check warns and none errors', () => {
    const run = result(['success', 'success', 'warning', 'success']);
    expect(overallTestStatus(run)).toBe('warning');
    expect(overallSummaryMessage(run)).toBe('Configuration is mostly ready. Please review warnings before going live.');
  });

  it('is a success when every check succeeds', () => {
    const run = result(['success', 'success', 'success', 'success']);
    expect(overallTestStatus(run)).toBe('success');
    expect(overallSummaryMessage(run)).toBe('Configuration is ready for production use.');
  });
});
