import { PlayIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useToggleAutomation } from '../api/toggle-automation';
import { automationToasts } from '../utils/overview-toasts';

/**
 * Shown after a Full System Test passed (docs/product.md §States): everything works, so while
 * automation is off the admin is offered to switch it on (the product's default) in one click.
 */
export function AutomationOffer() {
  const { data: stats } = useDashboardStats();
  const toggle = useToggleAutomation();
  if (!stats?.configured || stats.automationEnabled) return null;
  return (
    <Alert className="mt-4">
      <AlertTitle>Every check passed, but automation is off</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>No scheduled check runs and no reminder goes out until automation is on.</p>
        <div>
          <Button
            size="sm"
            disabled={toggle.isPending}
            onClick={() =>
              toggle.mutate(true, { onSuccess: () => toast(automationToasts.success()), onError: (error) => toast(automationToasts.failure(error)) })
            }
          >
            <PlayIcon aria-hidden />
            Turn On Automation
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
