import type { ComponentProps } from 'react';
import { FlaskConicalIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useRunConfigurationTest } from '../hooks/use-run-configuration-test';

/**
 * 'Test Configuration': runs every check against the saved configuration. Used beside Save
 * Configuration and in the Overview's Quick Actions; the Testing tab's grid shows its results.
 */
export function TestConfigurationButton(props: Omit<ComponentProps<typeof Button>, 'onClick' | 'children'>) {
  const { run, isPending } = useRunConfigurationTest('configuration');
  return (
    <Button variant="outline" {...props} onClick={run} disabled={isPending || props.disabled} aria-busy={isPending}>
      {isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <FlaskConicalIcon aria-hidden />}
      Test Configuration
    </Button>
  );
}
