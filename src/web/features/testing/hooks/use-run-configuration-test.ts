import { toast } from '@/components/ui/use-toast';
import { useTestConfiguration } from '../api/test-configuration';
import type { TestRunKind } from '../../../../shared/api/configuration';
import { testCompletedToast, testFailedToast } from '../utils/test-toasts';

/** Runs the configuration test and reports it in the words of the button that started it. */
export function useRunConfigurationTest(kind: TestRunKind) {
  const mutation = useTestConfiguration();
  return {
    run: () =>
      mutation.mutate(kind, {
        onSuccess: (result) => toast(testCompletedToast(kind, result)),
        onError: (error) => toast(testFailedToast(kind, error)),
      }),
    isPending: mutation.isPending,
  };
}
