/** A job the server repeats (the upload sweep, scheduled publications). */
export interface PeriodicTask<T> {
  /** Runs the job now, or answers the run already under way; undefined when it failed or is stopped. */
  run(): Promise<T | undefined>;
  /** Stops the timer and waits for a run under way to end. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs` on an unref'd timer (it never keeps the process alive), one run at
 * a time: a run asked for while one is under way joins it. A failed run goes to `onError` and the
 * next tick tries again; nothing is thrown.
 */
export function startPeriodicTask<T>(
  job: () => Promise<T>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicTask<T> {
  let running: Promise<T | undefined> | undefined;
  let stopped = false;

  const run = (): Promise<T | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    running ??= job()
      .catch((error: unknown) => {
        options.onError(error);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();

  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
