import { parentPort } from "node:worker_threads";
import { runJob, type WorkerJob } from "./parse-workbook.ts";

// Entry point of the parse worker started by parse-line-list-file.ts, possibly before its upload
// has arrived: the modules load first, then it waits for its one job (a parse or an inspection),
// answers once, and the thread ends and its whole heap is returned.
parentPort?.once("message", (input: WorkerJob) => {
  void runJob(input).then((result) => parentPort?.postMessage(result));
});
