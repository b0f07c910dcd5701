import { lineListCsvMessages } from "@cm/contracts/line-list-csv";
import { mappingMessages } from "@cm/contracts/line-list-mapping";
import { lineListFormatMessages as messages } from "@cm/contracts/line-list-workbook";
import { describe, expect, it } from "vitest";
import { readLineListFile } from "./read-line-list-file.ts";
import {
  semicolonCsvLineListTable,
  sizeColumnsLineListSheets,
  writeSemicolonCsv,
  writeSheetsXls,
  writeSheetsXlsx,
} from "./sample-line-list.ts";
import { defaultWorkbookLimits } from "./workbook-reader.ts";
import { WorkbookRefusal } from "./workbook-refusal.ts";

/** The one reader of uploaded line list files: the kind told by the content, the sheet chosen by name. */

const sheets = sizeColumnsLineListSheets({ styles: 3 });

async function refusal(read: Promise<unknown>): Promise<string> {
  const error = await read.then(
    () => expect.fail("expected the file to be refused"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WorkbookRefusal);
  return (error as WorkbookRefusal).message;
}

describe("readLineListFile", () => {
  it.each([
    ["xlsx", () => writeSheetsXlsx(sheets)],
    ["xls", () => Promise.resolve(writeSheetsXls(sheets))],
  ] as const)(
    "reads a .%s workbook's first sheet, or the one named in any case, and names every sheet",
    async (kind, write) => {
      const bytes = await write();
      const first = await readLineListFile(bytes, { fileName: `line-sheet.${kind}` });
      expect(first).toMatchObject({ kind, sheetNames: ["SS27 Line Sheet", "Notes"], csv: null });
      expect(first.sheet.name).toBe("SS27 Line Sheet");
      expect(first.sheet.rows[3]?.[0]).toBe("Style #");

      const notes = await readLineListFile(bytes, { fileName: `line-sheet.${kind}`, sheet: "NOTES" });
      expect(notes.sheet.name).toBe("Notes");
      expect(notes.sheet.rows[0]).toEqual(["Notes"]);

      expect(await refusal(readLineListFile(bytes, { fileName: `a.${kind}`, sheet: "Fall 2027" }))).toBe(
        mappingMessages.sheetNotFound("Fall 2027"),
      );
      const fallback = await readLineListFile(bytes, {
        fileName: `a.${kind}`,
        sheet: "Fall 2027",
        missingSheet: "first",
      });
      expect(fallback.sheet.name).toBe("SS27 Line Sheet");
    },
  );

  it("reads CSV text as one sheet named after the person's file, with its dialect", async () => {
    const table = semicolonCsvLineListTable({ styles: 6, seed: 5 });
    const file = await readLineListFile(writeSemicolonCsv(table), {
      fileName: "0b0c2a1e-0000-4000-8000-000000000000.csv",
      displayName: "Skechers Spring 2027.csv",
    });
    expect(file).toMatchObject({
      kind: "csv",
      sheetNames: ["Skechers Spring 2027"],
      csv: { delimiter: ";", encoding: "windows-1252", decimalSeparator: "," },
    });
    expect(file.sheet.rows[0]).toEqual(table.rows[0]);
    expect(file.sheet.rows[1]?.[5]).toBe(table.rows[1]?.[5]);
  });

  it("refuses a file whose content is not what its name says, as the readers say it", async () => {
    const workbook = await writeSheetsXlsx(sheets);
    expect(await refusal(readLineListFile(workbook, { fileName: "a.csv" }))).toBe(
      lineListCsvMessages.notText,
    );
    expect(await refusal(readLineListFile(writeSheetsXls(sheets), { fileName: "a.csv" }))).toBe(
      lineListCsvMessages.notText,
    );
    const text = Buffer.from("Style;Size;UPC\n1;8;190000000001\n");
    expect(await refusal(readLineListFile(text, { fileName: "a.xlsx" }))).toBe(messages.notAWorkbook);
    expect(
      await refusal(readLineListFile(Buffer.from([0xff, 0xfe, 0x41, 0x00]), { fileName: "a.csv" })),
    ).toBe(lineListCsvMessages.utf16);
  });

  it("applies the workbook's limits to every kind", async () => {
    const limits = { ...defaultWorkbookLimits, maxFileBytes: 64, maxDataRows: 2 };
    const csv = Buffer.from("Style;Size;UPC\n1;8;190000000001\n2;8;190000000002\n3;8;190000000003\n");
    expect(await refusal(readLineListFile(csv, { fileName: "a.csv", limits }))).toBe(
      messages.fileTooLarge(64),
    );
    expect(
      await refusal(readLineListFile(csv, { fileName: "a.csv", limits: { ...limits, maxFileBytes: 1000 } })),
    ).toBe(lineListCsvMessages.tooManyRows);
    const workbook = await writeSheetsXlsx(sheets);
    expect(await refusal(readLineListFile(workbook, { fileName: "a.xlsx", limits }))).toBe(
      messages.fileTooLarge(64),
    );
  });
});
