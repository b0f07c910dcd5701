import { readFile, stat } from "node:fs/promises";
import { lineListFormatMessages as messages } from "@cm/contracts/line-list-workbook";
import type { ParseResult } from "./line-list-parser.ts";
import { getParserById } from "./parser-registry.ts";
import {
  defaultWorkbookLimits,
  hasWorkbookExtension,
  readFirstSheet,
  type WorkbookLimits,
} from "./workbook-reader.ts";
import { WorkbookRefusal } from "./workbook-refusal.ts";

/** What the parse worker receives: structured-cloneable, so no functions and no Buffer methods. */
export interface ParseWorkbookInput {
  parserId: string;
  fileName: string;
  /** The file's content, or */
  bytes?: Uint8Array;
  /** where to read it from. */
  path?: string;
  limits?: WorkbookLimits;
}

async function loadBytes(input: ParseWorkbookInput, limits: WorkbookLimits): Promise<Buffer> {
  if (input.bytes) return Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (!input.path) throw new TypeError("parseWorkbook needs bytes or a path");
  // Refuse a huge file before reading it into memory.
  if ((await stat(input.path)).size > limits.maxFileBytes) {
    throw new WorkbookRefusal(messages.fileTooLarge(limits.maxFileBytes));
  }
  return readFile(input.path);
}

/**
 * The whole parse, on the calling thread: checks, reads the first sheet and hands it to the
 * brand's parser. `parseLineListFile` runs this on a worker; tests may call it directly.
 */
export async function parseWorkbook(input: ParseWorkbookInput): Promise<ParseResult> {
  const parser = getParserById(input.parserId);
  if (!parser) throw new Error(`Unknown line list parser ${input.parserId}`);
  const limits = input.limits ?? defaultWorkbookLimits;
  try {
    if (!hasWorkbookExtension(input.fileName)) throw new WorkbookRefusal(messages.wrongExtension);
    const sheet = await readFirstSheet(await loadBytes(input, limits), limits, input.fileName);
    return parser.parseSheet(sheet);
  } catch (error) {
    if (!(error instanceof WorkbookRefusal)) throw error;
    return { ok: false, errors: [error.toRowError()], errorCount: 1 };
  }
}
