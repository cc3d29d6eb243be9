import type { TestConfigurationResult } from '../../../../shared/api/configuration';
import type { ToastInput } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { overallSummaryMessage } from './test-summary';

/**
 * Which button ran POST /api/test-configuration: each reports it in the spec's words
 * (section 8). The connection test judges only the tenant connection check.
 */
export type TestRunKind = 'configuration' | 'connection' | 'system';

export function testCompletedToast(kind: TestRunKind, result: TestConfigurationResult): ToastInput {
  if (kind !== 'connection') return { title: 'Configuration test completed', description: overallSummaryMessage(result) };
  const { tenantConnection } = result;
  if (tenantConnection.status === 'error') {
    return { variant: 'destructive', title: 'Connection test failed', description: `Tenant authentication failed: ${tenantConnection.message}` };
  }
  return { title: 'Connection test completed successfully', description: tenantConnection.message };
}

const failure: Record<TestRunKind, { title: string; fallback: string }> = {
  configuration: { title: 'Test Failed', fallback: 'Configuration test failed' },
  connection: { title: 'Error', fallback: 'Connection test failed' },
  system: { title: 'System Test Failed', fallback: 'Full system test failed' },
};

/** The request itself failed (no results): the server's message, or the spec's fallback. */
export function testFailedToast(kind: TestRunKind, error: unknown): ToastInput {
  const { title, fallback } = failure[kind];
  return { variant: 'destructive', title, description: getErrorMessage(error, fallback) };
}
