import type { TestConfigurationResult, TestRunKind } from '../../../../shared/api/configuration';
import { describeConnectionProblem } from '../../../../shared/domain/graph-permissions';
import type { ToastInput } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { overallSummaryMessage } from './test-summary';

// Each button that runs POST /api/test-configuration (TestRunKind) reports it in the words of
// docs/product.md §Messages. The connection test judges only the tenant connection check.

export function testCompletedToast(kind: TestRunKind, result: TestConfigurationResult): ToastInput {
  if (kind !== 'connection') return { title: 'Configuration test completed', description: overallSummaryMessage(result) };
  // The same verdict the header badge shows: signed in is not enough when Graph is down or a permission is missing.
  const { connection } = result;
  if (connection.status === 'connected') return { title: 'Connection test completed successfully', description: connection.message };
  const description =
    connection.problem === 'credentials'
      ? `Tenant authentication failed: ${connection.message}`
      : describeConnectionProblem(connection.problem, connection.message);
  return { variant: 'destructive', title: 'Connection test failed', description };
}

const failure: Record<TestRunKind, { title: string; fallback: string }> = {
  configuration: { title: 'Test Failed', fallback: 'Configuration test failed' },
  connection: { title: 'Error', fallback: 'Connection test failed' },
  system: { title: 'System Test Failed', fallback: 'Full system test failed' },
};

/** The request itself failed (no results): the server's message, or the action's fallback. */
export function testFailedToast(kind: TestRunKind, error: unknown): ToastInput {
  const { title, fallback } = failure[kind];
  return { variant: 'destructive', title, description: getErrorMessage(error, fallback) };
}
