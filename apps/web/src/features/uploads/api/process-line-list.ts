import type { LineListRowError } from "@cm/contracts/line-list-format";
import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import {
  errorCountHeader,
  parseProcessLineListResponse,
  processLineListErrorsSchema,
  type ProcessLineListInput,
  uploadMessages,
} from "@cm/contracts/uploads";
import { ApiError, apiRequest, responseFailure } from "@/lib/api-client";

/** A workbook the server refused whole: its row errors (every one, for the report) and their count. */
export class WorkbookRefusedError extends ApiError {
  readonly rowErrors: LineListRowError[];
  readonly errorCount: number;

  constructor(rowErrors: LineListRowError[], errorCount: number) {
    super(422, rowErrors[0]?.message ?? uploadMessages.uploadFailed, rowErrors);
    this.name = "WorkbookRefusedError";
    this.rowErrors = rowErrors;
    this.errorCount = Math.max(errorCount, rowErrors.length);
  }
}

export function isWorkbookRefusedError(error: unknown): error is WorkbookRefusedError {
  return error instanceof WorkbookRefusedError;
}

/**
 * Step 3: `POST /functions/process-line-list` reads the stored file with the brand's mapping (the
 * one confirmed in "Map columns", sent as `mapping` and saved for the brand first, or the saved
 * one) and stages the rows as a preview line list. It answers the line list id as text, or 422
 * with the workbook's row errors.
 */
export async function processLineList(
  input: ProcessLineListInput & { mapping?: LineListMapping },
  signal?: AbortSignal,
): Promise<number> {
  const response = await apiRequest("/functions/process-line-list", {
    method: "POST",
    body: input,
    headers: { Accept: "text/plain, application/json" },
    signal,
  });
  if (response.status === 422) {
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = processLineListErrorsSchema.safeParse(body);
    if (parsed.success) {
      const count = Number(response.headers.get(errorCountHeader));
      throw new WorkbookRefusedError(parsed.data, Number.isFinite(count) ? count : parsed.data.length);
    }
    const message =
      typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string"
        ? (body as { message: string }).message
        : uploadMessages.processingFailed;
    throw new ApiError(422, message);
  }
  // The envelope's `data` goes with the error: `data.mapping` asks for "Map columns".
  if (!response.ok) throw await responseFailure(response);
  let id: number | null;
  try {
    id = parseProcessLineListResponse(await response.text());
  } catch {
    id = null;
  }
  // "null" (-1) or "success" without an id leave nothing to preview.
  if (id === null || id < 1) throw new ApiError(response.status, uploadMessages.processingFailed);
  return id;
}
