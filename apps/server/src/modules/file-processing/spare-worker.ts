import type { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";

export interface SpareWorkerOptions {
  /** Starts a worker with this JavaScript heap limit. */
  start: (memoryLimitMb: number) => Worker;
  /** How long a spare waits for a parse before it is ended. */
  idleMs: number;
}

/** Where a parse reports what it learns of the spare it asked for. */
export type SpareWorkerLog = Pick<FastifyBaseLogger, "error">;

/**
 * A worker started ahead of the next parse, its modules loading or loaded; at most one. A parse
 * takes it when it has the memory limit the parse asks for; unused, it goes after `idleMs`.
 *
 * A spare that fails before a parse takes it (its modules do not load, its thread ends) is
 * dropped, and the parse starts a worker of its own. The failure is kept for the next parse that
 * asks with a log, which reports it: whoever starts a spare (the presigning of an upload) has no
 * log to report it to, and the failure would otherwise go unseen.
 */
export function spareWorkerSlot(options: SpareWorkerOptions) {
  let spare: { worker: Worker; memoryLimitMb: number; forget: () => void } | undefined;
  let failure: Error | undefined;

  return {
    /** Starts the spare, unless there is one already. */
    prepare(memoryLimitMb: number): void {
      if (spare) return;
      const worker = options.start(memoryLimitMb);
      // Waiting for a parse must not keep the process alive.
      worker.unref();
      const forget = () => {
        clearTimeout(expiry);
        worker.off("error", failed).off("exit", stopped);
        if (spare?.worker === worker) spare = undefined;
      };
      const failed = (error: Error) => {
        forget();
        failure = error;
      };
      const stopped = (code: number) =>
        failed(new Error(`The spare parse worker stopped (exit code ${code}) before a parse took it`));
      const expiry = setTimeout(() => {
        forget();
        void worker.terminate();
      }, options.idleMs).unref();
      // A worker that fails emits "error", then "exit": the failure is its error.
      worker.once("error", failed).once("exit", stopped);
      spare = { worker, memoryLimitMb, forget };
    },

    /**
     * The spare, now the caller's, when it has this memory limit; otherwise undefined. A failure
     * of the spare since the last report is reported to `log`.
     */
    take(memoryLimitMb: number, log?: SpareWorkerLog): Worker | undefined {
      if (failure && log) {
        log.error({ err: failure }, "A spare parse worker failed before a parse took it");
        failure = undefined;
      }
      const ready = spare;
      if (!ready || ready.memoryLimitMb !== memoryLimitMb) return undefined;
      ready.forget();
      ready.worker.ref();
      return ready.worker;
    },
  };
}
