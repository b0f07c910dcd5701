import type { Worker } from "node:worker_threads";

export interface SpareWorkerOptions {
  /** Starts a worker with this JavaScript heap limit. */
  start: (memoryLimitMb: number) => Worker;
  /** How long a spare waits for a parse before it is ended. */
  idleMs: number;
}

/**
 * A worker started ahead of the next parse, its modules loading or loaded; at most one. A parse
 * takes it when it has the memory limit the parse asks for; unused, it goes after `idleMs`.
 */
export function spareWorkerSlot(options: SpareWorkerOptions) {
  let spare: { worker: Worker; memoryLimitMb: number; forget: () => void } | undefined;

  return {
    /** Starts the spare, unless there is one already. */
    prepare(memoryLimitMb: number): void {
      if (spare) return;
      const worker = options.start(memoryLimitMb);
      // Waiting for a parse must not keep the process alive.
      worker.unref();
      const forget = () => {
        clearTimeout(expiry);
        worker.off("error", forget).off("exit", forget);
        if (spare?.worker === worker) spare = undefined;
      };
      const expiry = setTimeout(() => {
        forget();
        void worker.terminate();
      }, options.idleMs).unref();
      // A spare that fails to start is dropped; the parse then starts a worker of its own.
      worker.once("error", forget).once("exit", forget);
      spare = { worker, memoryLimitMb, forget };
    },

    /** The spare, now the caller's, when it has this memory limit; otherwise undefined. */
    take(memoryLimitMb: number): Worker | undefined {
      const ready = spare;
      if (!ready || ready.memoryLimitMb !== memoryLimitMb) return undefined;
      ready.forget();
      ready.worker.ref();
      return ready.worker;
    },
  };
}
