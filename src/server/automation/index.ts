// Automation module: scheduled and manual checks, run status and the automation switch.
export { type AutomationJobOptions, DEFAULT_AUTOMATION_JOB_OPTIONS, registerAutomationJobs, RETIRED_DRAIN_QUEUE } from './automation-jobs.js';
export { markInterruptedRuns } from './interrupted-runs.js';
export { nextCheckAfter } from './next-scheduled-check.js';
export { registerAutomationRoutes } from './routes.js';
export { runScheduledCheckOf } from './run-check.js';
