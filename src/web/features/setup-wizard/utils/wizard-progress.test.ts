import { describe, expect, it } from 'vitest';
import { initialWizardProgress, isCurrentStepComplete, isLastStep, SETUP_STEPS, wizardProgressReducer, type WizardAction } from './wizard-progress';

const run = (...actions: WizardAction[]) => actions.reduce(wizardProgressReducer, initialWizardProgress);

describe('wizard progress', () => {
  it('has the four documented steps', () => {
    expect(SETUP_STEPS.map((step) => step.id)).toEqual(['app-registration', 'api-permissions', 'client-secret', 'connect']);
  });

  it('moves with Next and Previous without passing either end', () => {
    expect(run({ type: 'previous' }).current).toBe(0);
    expect(run({ type: 'next' }, { type: 'next' }).current).toBe(2);
    const atEnd = run({ type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' });
    expect(atEnd.current).toBe(3);
    expect(isLastStep(atEnd)).toBe(true);
    expect(run({ type: 'next' }, { type: 'previous' }).current).toBe(0);
  });

  it('jumps to a chosen step within range', () => {
    expect(run({ type: 'goTo', step: 2 }).current).toBe(2);
    expect(run({ type: 'goTo', step: 9 }).current).toBe(3);
  });

  it('marks only the current step complete and remembers it when moving on', () => {
    const progress = run({ type: 'next' }, { type: 'markComplete' }, { type: 'next' });
    expect([...progress.completed]).toEqual(['api-permissions']);
    expect(isCurrentStepComplete(progress)).toBe(false);
    expect(isCurrentStepComplete(wizardProgressReducer(progress, { type: 'previous' }))).toBe(true);
  });

  it('leaves the state alone when the step is already complete', () => {
    const once = run({ type: 'markComplete' });
    expect(wizardProgressReducer(once, { type: 'markComplete' })).toBe(once);
  });
});
