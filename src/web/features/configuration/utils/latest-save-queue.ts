/**
 * Auto-saves one at a time, none dropped (docs/product.md §States): a change made while a save is
 * running waits for it and then goes out. Each change is the whole state built on the one before
 * (a group list with one group more), so of several waiting only the latest needs sending: it
 * carries the others. A failed save stops the chain; `onFailure` says why and the form falls back
 * to what the server has.
 */
export interface LatestSaveQueue<T> {
  /** Saves `value` now, or after the save running now. */
  enqueue(value: T): void;
  /** A save is running or waiting. */
  readonly busy: boolean;
}

export function createLatestSaveQueue<T>(handlers: {
  send: (value: T) => Promise<void>;
  onFailure: (error: unknown) => void;
  onIdle: () => void;
}): LatestSaveQueue<T> {
  let running = false;
  let waiting: { value: T } | null = null;

  const run = (value: T) => {
    running = true;
    handlers.send(value).then(
      () => {
        const next = waiting;
        waiting = null;
        if (next) run(next.value);
        else {
          running = false;
          handlers.onIdle();
        }
      },
      (error: unknown) => {
        running = false;
        waiting = null;
        handlers.onFailure(error);
        handlers.onIdle();
      },
    );
  };

  return {
    enqueue(value) {
      if (running) waiting = { value };
      else run(value);
    },
    get busy() {
      return running;
    },
  };
}
