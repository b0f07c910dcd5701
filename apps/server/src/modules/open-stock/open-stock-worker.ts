import { parentPort } from "node:worker_threads";
import { readOpenStockFile, type ReadOpenStockInput } from "./read-open-stock-file.ts";

// Entry point of the Open Stock worker started by read-in-worker.ts: it reads its one file,
// answers once, and the thread ends and its whole heap is returned.
parentPort?.once("message", (input: ReadOpenStockInput) => {
  void readOpenStockFile(input).then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) =>
      parentPort?.postMessage({ failure: error instanceof Error ? error.message : String(error) }),
  );
});
