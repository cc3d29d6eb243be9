import type { ReactNode } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRunConfigurationTest } from '../hooks/use-run-configuration-test';
import type { TestRunKind } from '../utils/test-toasts';

/** A card with one button that runs the configuration test, reported as `kind`. */
export function RunTestCard({
  kind,
  title,
  description,
  buttonLabel,
  icon,
}: {
  kind: Exclude<TestRunKind, 'configuration'>;
  title: string;
  description: string;
  buttonLabel: string;
  icon: ReactNode;
}) {
  const { run, isPending } = useRunConfigurationTest(kind);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            {icon}
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={run} disabled={isPending} aria-busy={isPending}>
          {isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {buttonLabel}
        </Button>
      </CardContent>
    </Card>
  );
}
