import type { LineListRowError } from "@cm/contracts/line-list-format";

/**
 * A workbook refused as a whole before its rows are read (not a workbook, a zip bomb, too many
 * rows...). The message is for users, as it is shown to them.
 */
export class WorkbookRefusal extends Error {
  readonly row: number | null;
  readonly column: string | null;

  constructor(message: string, location: { row?: number | null; column?: string | null } = {}) {
    super(message);
    this.name = "WorkbookRefusal";
    this.row = location.row ?? null;
    this.column = location.column ?? null;
  }

  toRowError(): LineListRowError {
    return { row: this.row, column: this.column, message: this.message };
  }
}
