import { LoaderCircleIcon, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { useRunConfigurationTest } from '../hooks/use-run-configuration-test';
import type { TestRunKind } from '../../../../shared/api/configuration';

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
  icon: LucideIcon;
}) {
  const { run, isPending } = useRunConfigurationTest(kind);
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={icon}>{title}</CardIconTitle>
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
