/** The Setup Guide's steps (docs/product.md §Screens and routes): app registration, API permissions, client secret, final. */
export const SETUP_STEPS = [
  { id: 'app-registration', title: 'Register the application' },
  { id: 'api-permissions', title: 'Grant API permissions' },
  { id: 'client-secret', title: 'Create a client secret' },
  { id: 'connect', title: 'Connect Passwatch' },
] as const;

export type SetupStepId = (typeof SETUP_STEPS)[number]['id'];

export interface WizardProgress {
  /** Index into SETUP_STEPS. */
  current: number;
  completed: ReadonlySet<SetupStepId>;
}

export type WizardAction = { type: 'next' } | { type: 'previous' } | { type: 'goTo'; step: number } | { type: 'markComplete' };

export const initialWizardProgress: WizardProgress = { current: 0, completed: new Set() };

const lastStep = SETUP_STEPS.length - 1;
const clampStep = (step: number) => Math.min(Math.max(step, 0), lastStep);

/** Previous and Next move one step (never past either end); Mark Complete ticks the current step off. */
export function wizardProgressReducer(progress: WizardProgress, action: WizardAction): WizardProgress {
  switch (action.type) {
    case 'next':
      return { ...progress, current: clampStep(progress.current + 1) };
    case 'previous':
      return { ...progress, current: clampStep(progress.current - 1) };
    case 'goTo':
      return { ...progress, current: clampStep(action.step) };
    case 'markComplete': {
      const step = SETUP_STEPS[progress.current];
      if (!step || progress.completed.has(step.id)) return progress;
      return { ...progress, completed: new Set([...progress.completed, step.id]) };
    }
  }
}

export function isLastStep(progress: WizardProgress): boolean {
  return progress.current === lastStep;
}

export function isCurrentStepComplete(progress: WizardProgress): boolean {
  const step = SETUP_STEPS[progress.current];
  return step !== undefined && progress.completed.has(step.id);
}
