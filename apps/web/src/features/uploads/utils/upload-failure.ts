import type { LineListRowError } from "@cm/contracts/line-list-format";
import { isWorkbookRefusedError } from "@/features/uploads/api/process-line-list";
import { genericMessages } from "@cm/contracts/messages";

/** How many row errors the toast and the failure view list; the report holds them all. */
export const rowErrorsShown = 3;

export interface UploadFailure {
  /** The server's message, or for a refused workbook how many errors it has. */
  message: string;
  /** Every row error the server sent (empty when the failure is not about the workbook's content). */
  rowErrors: LineListRowError[];
  errorCount: number;
}

export function describeUploadFailure(error: unknown): UploadFailure {
  if (isWorkbookRefusedError(error)) {
    const count = error.errorCount;
    return {
      message:
        count === 1
          ? "The workbook has 1 error; nothing was uploaded."
          : `The workbook has ${count.toLocaleString("en-US")} errors; nothing was uploaded.`,
      rowErrors: error.rowErrors,
      errorCount: count,
    };
  }
  const message = error instanceof Error && error.message ? error.message : genericMessages.anErrorOccurred;
  return { message, rowErrors: [], errorCount: 0 };
}

/** "Row 4, MSRP: MSRP must be a number of 0 or more", or the message alone for a file-level error. */
export function rowErrorText(error: LineListRowError): string {
  const place = [error.row === null ? null : `Row ${error.row}`, error.column].filter(Boolean).join(", ");
  const value = error.value ? ` (“${error.value}”)` : "";
  return place ? `${place}: ${error.message}${value}` : `${error.message}${value}`;
}
