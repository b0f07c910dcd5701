import {
  parseSheetPreview,
  type SheetJs,
  type SheetPreviewRequest,
  type SheetPreviewResponse,
} from "@/features/uploads/utils/sheet-preview-parse";
import type { SheetPreview } from "@/features/uploads/utils/upload-draft";

export { extractSheetPreview, sheetPreviewLimits } from "@/features/uploads/utils/sheet-preview-parse";

let sheetJs: Promise<SheetJs> | undefined;

/** SheetJS on the page, in its own chunk: only where Web Workers are not available. */
export function loadSheetJs(): Promise<SheetJs> {
  sheetJs ??= import("@e965/xlsx").catch((error: unknown) => {
    // A failed fetch (e.g. offline) may work next time.
    sheetJs = undefined;
    throw error;
  });
  return sheetJs;
}

/** The worker could not start or died: the read is done on the page instead. */
class WorkerUnavailableError extends Error {}

interface Pending {
  resolve: (preview: SheetPreview) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextRequestId = 0;
const pending = new Map<number, Pending>();

function dropWorker(reason: string) {
  worker?.terminate();
  worker = undefined;
  for (const request of pending.values()) request.reject(new WorkerUnavailableError(reason));
  pending.clear();
}

/** The preview worker, started on first use; undefined where workers do not exist (tests, old browsers). */
function previewWorker(): Worker | undefined {
  if (worker) return worker;
  if (typeof Worker === "undefined") return undefined;
  try {
    worker = new Worker(new URL("./sheet-preview.worker.ts", import.meta.url), {
      type: "module",
      name: "sheet-preview",
    });
  } catch (error) {
    console.warn("The sheet preview worker could not start; previews are read on the page", error);
    return undefined;
  }
  worker.onmessage = (event: MessageEvent<SheetPreviewResponse>) => {
    const response = event.data;
    const request = pending.get(response.id);
    if (!request) return;
    pending.delete(response.id);
    if (response.ok) request.resolve(response.preview);
    else request.reject(new Error(response.message));
  };
  worker.onerror = (event) => {
    // The worker's script failed to load or threw outside a request.
    event.preventDefault();
    dropWorker(event.message || "The preview worker stopped");
  };
  return worker;
}

/**
 * Gets the preview ready as soon as the dialog opens: starts the worker, which fetches SheetJS,
 * so the first rows show as soon as a file is picked.
 */
export function preloadSheetPreview(): void {
  // A failed preload is retried, and reported, when a file is read.
  if (!previewWorker())
    loadSheetJs().catch((error: unknown) => console.warn("SheetJS could not be preloaded", error));
}

async function readOnThisThread(file: Blob): Promise<SheetPreview> {
  const XLSX = await loadSheetJs();
  return parseSheetPreview(XLSX, await file.arrayBuffer());
}

/**
 * The first rows of the first sheet, as text, without formulas or styles. Read in a Web Worker
 * so the dialog stays responsive; on the page only where no worker can run.
 */
export async function readSheetPreview(file: Blob): Promise<SheetPreview> {
  const target = previewWorker();
  if (!target) return readOnThisThread(file);
  try {
    return await new Promise<SheetPreview>((resolve, reject) => {
      const id = ++nextRequestId;
      pending.set(id, { resolve, reject });
      target.postMessage({ id, file } satisfies SheetPreviewRequest);
    });
  } catch (error) {
    if (error instanceof WorkerUnavailableError) return readOnThisThread(file);
    throw error;
  }
}

/** Tests: forget the worker so the next read starts a new one. */
export function resetSheetPreviewWorker(): void {
  dropWorker("reset");
}
