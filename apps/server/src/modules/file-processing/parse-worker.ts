import { parentPort, workerData } from "node:worker_threads";
import { parseWorkbook, type ParseWorkbookInput } from "./parse-workbook.ts";

// Entry point of the parse worker started by parse-line-list-file.ts: one parse, one answer,
// then the thread ends and its whole heap is returned.
const result = await parseWorkbook(workerData as ParseWorkbookInput);
parentPort?.postMessage(result);
