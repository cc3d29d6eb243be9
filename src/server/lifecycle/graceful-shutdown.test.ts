import { expect, it } from 'vitest';
import { runShutdown } from './graceful-shutdown.js';

const grace = { workMs: 20, closeMs: 20 };

it('stops the work together, then the services in order, and reports a clean stop', async () => {
  const order: string[] = [];
  const step = (name: string) => ({ name, stop: async () => void order.push(name) });
  const clean = await runShutdown({ work: [step('http'), step('jobs')], services: [step('demo'), step('database')] }, () => {}, grace);
  expect(clean).toBe(true);
  expect(order).toEqual(['http', 'jobs', 'demo', 'database']);
});

it('does not wait forever for a step that hangs or fails: it is logged, the rest still stops, and the stop is not clean', async () => {
  const logged: string[] = [];
  const stopped: string[] = [];
  const clean = await runShutdown(
    {
      work: [{ name: 'the background jobs', stop: () => new Promise<void>(() => {}) }],
      services: [
        { name: 'the demo simulators', stop: () => Promise.reject(new Error('socket already closed')) },
        { name: 'the database', stop: async () => void stopped.push('database') },
      ],
    },
    (message) => logged.push(message),
    grace,
  );
  expect(clean).toBe(false);
  expect(stopped).toEqual(['database']);
  expect(logged).toEqual(['the background jobs did not stop within 0.02 s; leaving it', 'the demo simulators failed to stop: socket already closed']);
});
