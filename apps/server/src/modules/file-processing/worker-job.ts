import type { Transferable, Worker } from "node:worker_threads";
import { lineListFormatMessages as messages } from "@cm/contracts/line-list-workbook";

/**
 * What every file read on a worker thread shares (line list parses and inspections, Open Stock
 * reads): a bound on how many run at once, and one worker run answered once whatever happens.
 *
 * Each read runs on a fresh worker rather than on a pool. Uploads are rare (a few a day, by staff),
 * so a pool would mostly hold idle threads, while a fresh thread guarantees each read starts from
 * an empty heap, gives all of it back when done, and that a read killed for time or memory leaves
 * nothing behind for the next one. What a pool would bound, the number of heaps alive at once, is
 * bounded here by letting at most this many reads run together per server process, whatever
 * their kind; later ones wait their turn.
 */
const maxConcurrentReads = 2;
let runningReads = 0;
const waitingReads: (() => void)[] = [];

export async function inFileWorkerSlot<T>(task: () => Promise<T>): Promise<T> {
  if (runningReads >= maxConcurrentReads) await new Promise<void>((resolve) => waitingReads.push(resolve));
  runningReads += 1;
  try {
    return await task();
  } finally {
    runningReads -= 1;
    waitingReads.shift()?.();
  }
}

export interface WorkerRun<R> {
  timeoutMs: number;
  /** The answer for a read refused for its time or memory, with the message saying which. */
  refused: (message: string) => R;
  /** Names the worker in the error of one that stops without answering. */
  name: string;
  transfer?: Transferable[];
}

/**
 * Posts `message` to `worker` and answers its first message, or `refused(…)` when it takes longer
 * than `timeoutMs` or runs out of memory. The worker is terminated either way, and a read that
 * timed out is answered only once its worker is gone, so it holds no memory after.
 */
export function runOnWorker<T, R>(worker: Worker, message: unknown, run: WorkerRun<R>): Promise<T | R> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settled = true;
      void worker.terminate().then(() => resolve(run.refused(messages.tookTooLong)), reject);
    }, run.timeoutMs);
    worker.once("message", (answer: T) => settle(() => resolve(answer)));
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? resolve(run.refused(messages.outOfMemory))
          : reject(error),
      ),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`The ${run.name} worker stopped (exit code ${code}) without an answer`))),
    );
    worker.postMessage(message, run.transfer ?? []);
  });
}
