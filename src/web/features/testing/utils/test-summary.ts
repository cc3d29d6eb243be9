import type { TestCheckKey, TestConfigurationResult, TestStatus } from '../../../../shared/api/configuration';

/** The four checks of POST /api/test-configuration, in the order the grid shows them. */
export const TEST_CHECKS: readonly { key: TestCheckKey; label: string; description: string }[] = [
  { key: 'tenantConnection', label: 'Tenant Connection', description: 'Signs in to Microsoft Entra ID with the saved credentials.' },
  { key: 'graphPermissions', label: 'Graph Permissions', description: 'Reads users, domains, groups and members; checks Mail.Send.' },
  { key: 'emailTemplate', label: 'Email Template', description: 'The saved template has text and uses the reminder variables.' },
  { key: 'securityGroups', label: 'Security Groups', description: 'The include and exclude groups still exist in the tenant.' },
];

/** docs/product.md §States: error if any check errors, warning if any warns, otherwise success. */
export function overallTestStatus(result: TestConfigurationResult): TestStatus {
  const statuses = TEST_CHECKS.map(({ key }) => result[key].status);
  if (statuses.includes('error')) return 'error';
  if (statuses.includes('warning')) return 'warning';
  return 'success';
}

const summaryMessages: Record<TestStatus, string> = {
  error: 'Configuration has errors that must be resolved before going live.',
  warning: 'Configuration is mostly ready. Please review warnings before going live.',
  success: 'Configuration is ready for production use.',
};

export function overallSummaryMessage(result: TestConfigurationResult): string {
  return summaryMessages[overallTestStatus(result)];
}

/** How a check's status reads in the grid; `pending` while a test runs, `idle` before any. */
export type CheckDisplayStatus = TestStatus | 'pending' | 'idle';

export const checkStatusLabels: Record<CheckDisplayStatus, string> = {
  success: 'Passed',
  warning: 'Warning',
  error: 'Failed',
  pending: 'Running',
  idle: 'Not run',
};
