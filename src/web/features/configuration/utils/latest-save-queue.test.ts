import { describe, expect, it, vi } from 'vitest';
import { createLatestSaveQueue } from './latest-save-queue';

/** A send whose answers the test releases one by one. */
function controlledSend() {
  const sent: string[] = [];
  const answers: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const send = (value: string) => {
    sent.push(value);
    return new Promise<void>((resolve, reject) => answers.push({ resolve, reject }));
  };
  const answer = async (outcome: 'ok' | Error = 'ok') => {
    const next = answers.shift()!;
    if (outcome === 'ok') next.resolve();
    else next.reject(outcome);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { sent, send, answer };
}

describe('createLatestSaveQueue', () => {
  it('sends a change made during a save after it, never dropping it, and only the latest of those waiting', async () => {
    const { sent, send, answer } = controlledSend();
    const onIdle = vi.fn();
    const queue = createLatestSaveQueue({ send, onFailure: vi.fn(), onIdle });
    queue.enqueue('include A');
    queue.enqueue('include A, exclude B');
    expect(sent).toEqual(['include A']);
    expect(queue.busy).toBe(true);
    await answer();
    expect(sent).toEqual(['include A', 'include A, exclude B']);
    queue.enqueue('include A, exclude B, C');
    queue.enqueue('include A, exclude B, C, D');
    await answer();
    expect(sent).toEqual(['include A', 'include A, exclude B', 'include A, exclude B, C, D']);
    expect(onIdle).not.toHaveBeenCalled();
    await answer();
    expect(queue.busy).toBe(false);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('stops the chain at a failure and says why', async () => {
    const { sent, send, answer } = controlledSend();
    const onFailure = vi.fn();
    const queue = createLatestSaveQueue({ send, onFailure, onIdle: vi.fn() });
    queue.enqueue('a');
    queue.enqueue('b');
    await answer(new Error('refused'));
    expect(onFailure).toHaveBeenCalledWith(new Error('refused'));
    expect(sent).toEqual(['a']);
    queue.enqueue('c');
    expect(sent).toEqual(['a', 'c']);
  });
});
