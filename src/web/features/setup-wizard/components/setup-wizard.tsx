import { useReducer, type ReactNode } from 'react';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, CircleCheckBigIcon } from 'lucide-react';
import type { DemoGraphCredentials } from '../../../../shared/api/configuration';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { initialWizardProgress, isCurrentStepComplete, isLastStep, SETUP_STEPS, wizardProgressReducer, type SetupStepId } from '../utils/wizard-progress';
import { ApiPermissionsStep } from './api-permissions-step';
import { AppRegistrationStep } from './app-registration-step';
import { ClientSecretStep } from './client-secret-step';
import { ConnectStep } from './connect-step';
import { DemoCredentialsPanel } from './demo-credentials-panel';

export interface SetupWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Complete Setup: the dashboard closes the guide and shows the Configuration tab. */
  onComplete: () => void;
  /** Demo mode: show the simulated tenant's credentials with a button that fills the form. */
  demoMode: boolean;
  onUseDemoCredentials: (credentials: DemoGraphCredentials) => void;
  /** Connect with Microsoft: one click instead of the four steps (or its status once connected). */
  connectWithMicrosoft?: ReactNode;
  /** The client secret step's expiry date input (the configuration form's field). */
  clientSecretExpiryField?: ReactNode;
  /**
   * Connected with Microsoft through the Passwatch app: no app registration, permissions or secret
   * of the organization's own apply, so the guide shows the connection and what is left instead of the steps.
   */
  connectedViaPasswatchApp?: boolean;
}

/** The four-step Setup Guide for the Entra app registration (docs/product.md §Screens and routes). */
export function SetupWizard({
  open,
  onOpenChange,
  onComplete,
  demoMode,
  onUseDemoCredentials,
  connectWithMicrosoft,
  clientSecretExpiryField,
  connectedViaPasswatchApp = false,
}: SetupWizardProps) {
  const [progress, dispatch] = useReducer(wizardProgressReducer, initialWizardProgress);
  const stepNumber = progress.current + 1;
  const step = SETUP_STEPS[progress.current] ?? SETUP_STEPS[0];
  const stepContent: Record<SetupStepId, ReactNode> = {
    'app-registration': <AppRegistrationStep />,
    'api-permissions': <ApiPermissionsStep />,
    'client-secret': <ClientSecretStep expiryField={clientSecretExpiryField} />,
    connect: <ConnectStep demoCredentials={demoMode ? <DemoCredentialsPanel onUse={onUseDemoCredentials} /> : undefined} />,
  };
  const currentComplete = isCurrentStepComplete(progress);

  if (connectedViaPasswatchApp) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Setup Guide</DialogTitle>
            <DialogDescription>
              This organization is connected with Microsoft through the Passwatch app: there is no app registration, API permission or client secret of your own
              to set up.
            </DialogDescription>
          </DialogHeader>
          {connectWithMicrosoft}
          <p className="text-sm">What is left: the sender mailbox, the schedule and the groups on the Configuration tab, then a Full System Test.</p>
          <DialogFooter>
            <Button onClick={onComplete}>
              <CircleCheckBigIcon aria-hidden />
              Open the Configuration tab
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Setup Guide</DialogTitle>
          <DialogDescription>Connect Passwatch to your Microsoft Entra ID tenant in {SETUP_STEPS.length} steps.</DialogDescription>
        </DialogHeader>

        {connectWithMicrosoft}

        <nav aria-label="Setup steps">
          <ol className="grid gap-2 sm:grid-cols-4">
            {SETUP_STEPS.map((candidate, index) => {
              const isCurrent = index === progress.current;
              const isDone = progress.completed.has(candidate.id);
              return (
                <li key={candidate.id}>
                  <button
                    type="button"
                    aria-current={isCurrent ? 'step' : undefined}
                    onClick={() => dispatch({ type: 'goTo', step: index })}
                    className={cn(
                      'flex w-full items-center gap-2 rounded-md border px-2 py-2 text-left text-xs outline-none ' +
                        'focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      isCurrent ? 'border-primary bg-primary/5 text-foreground' : 'text-muted-foreground hover:bg-accent',
                    )}
                  >
                    <span
                      className={cn(
                        'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                        isDone ? 'bg-success text-white' : isCurrent ? 'bg-primary text-primary-foreground' : 'bg-muted',
                      )}
                    >
                      {isDone ? <CheckIcon className="size-3.5" aria-hidden /> : <span aria-hidden>{index + 1}</span>}
                    </span>
                    <span className="font-medium">
                      <span className="sr-only">Step {index + 1}: </span>
                      {candidate.title}
                      {isDone && <span className="sr-only"> (completed)</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>

        <section aria-labelledby="setup-step-heading" className="grid gap-4">
          <h3 id="setup-step-heading" className="text-base font-semibold">
            Step {stepNumber} of {SETUP_STEPS.length}: {step.title}
          </h3>
          {stepContent[step.id]}
        </section>

        <DialogFooter className="gap-2 sm:justify-between">
          <Button variant="outline" disabled={progress.current === 0} onClick={() => dispatch({ type: 'previous' })}>
            <ChevronLeftIcon aria-hidden />
            Previous
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="secondary" disabled={currentComplete} onClick={() => dispatch({ type: 'markComplete' })}>
              <CheckIcon aria-hidden />
              {currentComplete ? 'Completed' : 'Mark Complete'}
            </Button>
            {isLastStep(progress) ? (
              <Button
                onClick={() => {
                  dispatch({ type: 'markComplete' });
                  onComplete();
                }}
              >
                <CircleCheckBigIcon aria-hidden />
                Complete Setup
              </Button>
            ) : (
              <Button onClick={() => dispatch({ type: 'next' })}>
                Next
                <ChevronRightIcon aria-hidden />
              </Button>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
