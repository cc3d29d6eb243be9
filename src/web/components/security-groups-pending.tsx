import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

/**
 * Why the tenant's security groups are not offered yet, where groups are picked (the group filters,
 * the declared on-premises policy): no saved connection to read them with, or still loading.
 */
export function SecurityGroupsPending({ connectionSaved, loading }: { connectionSaved: boolean; loading: boolean }) {
  if (!connectionSaved) {
    return (
      <Alert>
        <AlertTitle>Save the tenant connection first</AlertTitle>
        <AlertDescription>Security groups are read from your tenant with the saved credentials.</AlertDescription>
      </Alert>
    );
  }
  if (!loading) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner label="Loading security groups" />
      Loading security groups…
    </p>
  );
}
