import { useMutationState } from '@tanstack/react-query';
import type { TestConfigurationResult, TestRunKind } from '../../../../shared/api/configuration';
import { useTenantContext } from '@/lib/tenant-context';
import { testConfigurationMutationKey } from '../api/test-configuration';

export type LatestTestRun =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; result: TestConfigurationResult; kind: TestRunKind }
  | { status: 'error'; error: unknown };

/** The most recent configuration test of the selected organization, from any button. */
export function useLatestTestRun(): LatestTestRun {
  const { selectedTenantId } = useTenantContext();
  const runs = useMutationState({
    filters: { mutationKey: testConfigurationMutationKey(selectedTenantId), exact: true },
    select: (mutation) => mutation.state,
  });
  const latest = runs.at(-1);
  if (!latest || latest.status === 'idle') return { status: 'idle' };
  if (latest.status === 'pending') return { status: 'pending' };
  if (latest.status === 'error') return { status: 'error', error: latest.error };
  return { status: 'success', result: latest.data as TestConfigurationResult, kind: latest.variables as TestRunKind };
}
