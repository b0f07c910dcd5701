import { lineListCsvMessages as messages } from "@cm/contracts/line-list-csv";
import { lineListFormatMessages } from "@cm/contracts/line-list-workbook";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SheetGrid } from "../line-list-parser.ts";
import { WorkbookRefusal } from "../workbook-refusal.ts";
import { defaultCsvLimits, readCsv, type CsvLimits, type ReadCsvOptions } from "./read-csv.ts";
import type { CsvDelimiter } from "./tokenize-csv.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const bom = Uint8Array.of(0xef, 0xbb, 0xbf);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** Windows-1252 bytes of a text (only the characters these tests use). */
function windows1252(text: string): Uint8Array {
  const special: Record<string, number> = { "€": 0x80, ë: 0xeb, é: 0xe9, ü: 0xfc };
  return Uint8Array.from([...text].map((char) => special[char] ?? char.charCodeAt(0)));
}

const rowsOf = (text: string | Uint8Array, options?: ReadCsvOptions) =>
  readCsv(typeof text === "string" ? utf8(text) : text, options).sheet.rows;

function refusal(text: string | Uint8Array, options?: ReadCsvOptions): WorkbookRefusal {
  try {
    readCsv(typeof text === "string" ? utf8(text) : text, options);
  } catch (error) {
    if (error instanceof WorkbookRefusal) return error;
    throw error;
  }
  throw new Error("The file was not refused");
}

describe("readCsv dialects", () => {
  it("reads a comma-separated file with LF line ends", () => {
    const { sheet, dialect } = readCsv(utf8("Model Code,Size,SKU,MSRP\n10001,M8,0191163,49.99\n"), {
      fileName: "Crocs SS27.csv",
    });
    expect(sheet).toEqual({
      name: "Crocs SS27",
      rows: [
        ["Model Code", "Size", "SKU", "MSRP"],
        ["10001", "M8", "0191163", "49.99"],
      ],
    });
    expect(dialect).toEqual({ delimiter: ",", encoding: "utf-8", hadBom: false, decimalSeparator: "." });
  });

  it("reads a semicolon-separated file with decimal commas and CRLF line ends", () => {
    const { sheet, dialect } = readCsv(utf8("Style;Name;UVP\r\nA1;Clog;49,99\r\nA2;Sandal;1.234,50\r\n"));
    expect(sheet.rows).toEqual([
      ["Style", "Name", "UVP"],
      ["A1", "Clog", "49,99"],
      ["A2", "Sandal", "1.234,50"],
    ]);
    expect(dialect.delimiter).toBe(";");
    expect(dialect.decimalSeparator).toBe(",");
  });

  it("reads a tab-separated file whose text holds commas and semicolons", () => {
    const { sheet, dialect } = readCsv(utf8("Style\tName\tNotes\nA1\tClog, classic\tsoft; light\n"));
    expect(sheet.rows).toEqual([
      ["Style", "Name", "Notes"],
      ["A1", "Clog, classic", "soft; light"],
    ]);
    expect(dialect.delimiter).toBe("\t");
    expect(dialect.decimalSeparator).toBeUndefined();
  });

  it("finds the delimiter below a title line and reads old Mac line ends", () => {
    const { sheet, dialect } = readCsv(utf8("Spring 2027 line list\r\rStyle;Size\rA1;8\rA1;9"));
    expect(dialect.delimiter).toBe(";");
    expect(sheet.rows).toEqual([
      ["Spring 2027 line list"],
      undefined,
      ["Style", "Size"],
      ["A1", "8"],
      ["A1", "9"],
    ]);
  });

  it("takes the delimiter a person confirmed over the detected one", () => {
    expect(rowsOf("a;b,c\n", { delimiter: "," })).toEqual([["a;b", "c"]]);
  });
});

describe("readCsv quoting", () => {
  it("keeps separators and line breaks inside quotes", () => {
    const text =
      'Style,Name,Image URLs\r\nA1,"Clog, classic","https://a/1.jpg\r\nhttps://a/2.jpg"\r\nA2,Sandal,\n';
    expect(rowsOf(text)).toEqual([
      ["Style", "Name", "Image URLs"],
      ["A1", "Clog, classic", "https://a/1.jpg\r\nhttps://a/2.jpg"],
      ["A2", "Sandal", undefined],
    ]);
  });

  it("reads doubled quotes as one, and quotes inside unquoted text as written", () => {
    expect(rowsOf('Name;Size\n"The ""Classic"" clog";8"\n""""; 9\n')).toEqual([
      ["Name", "Size"],
      ['The "Classic" clog', '8"'],
      ['"', " 9"],
    ]);
  });

  it("refuses a quote that is never closed, naming its row", () => {
    const error = refusal('Style,Name\nA1,Clog\nA2,"Sandal\nA3,Boot\n');
    expect(error.message).toBe(messages.unclosedQuote(3));
    expect(error.toRowError()).toEqual({ row: 3, column: null, message: messages.unclosedQuote(3) });
  });
});

describe("readCsv encodings", () => {
  it("strips a UTF-8 byte order mark", () => {
    const { sheet, dialect } = readCsv(concat(bom, utf8("Style,Name\nA1,Zoë €\n")));
    expect(sheet.rows).toEqual([
      ["Style", "Name"],
      ["A1", "Zoë €"],
    ]);
    expect(dialect).toMatchObject({ encoding: "utf-8", hadBom: true });
  });

  it("decodes Windows-1252 when the bytes are not UTF-8", () => {
    const { sheet, dialect } = readCsv(
      windows1252("Style;Name;Prix\nA1;Zoë;€ 49,99\nA2;Chaussure d'été;12\n"),
    );
    expect(sheet.rows).toEqual([
      ["Style", "Name", "Prix"],
      ["A1", "Zoë", "€ 49,99"],
      ["A2", "Chaussure d'été", "12"],
    ]);
    expect(dialect).toEqual({
      delimiter: ";",
      encoding: "windows-1252",
      hadBom: false,
      decimalSeparator: ",",
    });
  });

  it("refuses UTF-16 text and binary files with what to do instead", () => {
    expect(refusal(Uint8Array.of(0xff, 0xfe, 0x41, 0x00)).message).toBe(messages.utf16);
    expect(refusal(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0x00, 0x00)).message).toBe(messages.notText);
  });
});

describe("readCsv rows", () => {
  it("keeps blank lines as blank rows, so row numbers are those Excel shows", () => {
    const rows = rowsOf("\nStyle,Size\n\n,,\nA1,8\n\n\n");
    expect(rows).toEqual([undefined, ["Style", "Size"], undefined, undefined, ["A1", "8"]]);
    expect(rows.filter(Boolean)).toHaveLength(2);
  });

  it("keeps ragged rows as they are", () => {
    expect(rowsOf("Style,Size,SKU\nA1,8\nA2,9,123,extra\n")).toEqual([
      ["Style", "Size", "SKU"],
      ["A1", "8"],
      ["A2", "9", "123", "extra"],
    ]);
  });

  it("refuses an empty file", () => {
    expect(refusal("").message).toBe(messages.empty);
    expect(refusal("\r\n,,\r\n").message).toBe(messages.empty);
  });
});

describe("readCsv limits", () => {
  const limits: CsvLimits = { ...defaultCsvLimits, maxDataRows: 3, maxColumns: 4 };
  const lines = (count: number) =>
    ["Style,Size", ...Array.from({ length: count }, (_, i) => `A${i},8`)].join("\n");

  it("uses the workbook's limits", () => {
    expect(messages.tooManyRows).toContain("100,000 data rows");
    expect(messages.tooManyColumns).toContain("256 columns");
  });

  it("reads as many data rows as the limit allows, trailing blank lines aside", () => {
    expect(rowsOf(`${lines(3)}\n\n\n`, { limits })).toHaveLength(4);
  });

  it("refuses a file over the row cap with the message naming the limit", () => {
    const error = refusal(lines(4), { limits });
    expect(error.message).toBe(messages.tooManyRows);
    expect(error.row).toBe(5);
    expect(refusal(lines(100_001)).message).toBe(
      "The CSV file has more than 100,000 data rows; split it into several files",
    );
  });

  it("refuses a column past the cap, and ignores empty fields past it", () => {
    expect(rowsOf("a,b,c,d,,,\n", { limits })).toEqual([["a", "b", "c", "d"]]);
    const error = refusal("a,b\n1,2,3,4,,x\n", { limits });
    expect(error.toRowError()).toEqual({ row: 2, column: "F", message: messages.tooManyColumns });
  });

  it("refuses a file over the size limit before reading it", () => {
    expect(refusal(lines(3), { limits: { ...limits, maxFileBytes: 10 } }).message).toBe(
      lineListFormatMessages.fileTooLarge(10),
    );
  });
});

/** Writes a grid as Excel would: quoting a field only when it holds a quote, separator or line break. */
function writeCsv(grid: string[][], delimiter: CsvDelimiter, lineEnd: string): string {
  const needsQuotes = (field: string) =>
    field.includes('"') || field.includes(delimiter) || /[\r\n]/.test(field);
  const field = (value: string) => (needsQuotes(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return grid.map((row) => row.map(field).join(delimiter)).join(lineEnd);
}

/** The grid the reader should give for a written grid: empty cells blank, empty rows missing. */
function expectedRows(grid: string[][]): SheetGrid["rows"] {
  const rows = grid.map((row) =>
    row.every((cell) => cell === "") ? undefined : row.map((cell) => (cell === "" ? undefined : cell)),
  );
  while (rows.length > 0 && rows.at(-1) === undefined) rows.pop();
  return rows;
}

describe("readCsv round trip", () => {
  const delimiters: CsvDelimiter[] = [",", ";", "\t"];
  // Any text, with the characters that need quoting much more often than chance would give them;
  // never a NUL (binary) or a leading byte order mark, which no spreadsheet writes in a cell.
  const cell = fc
    .array(
      fc.oneof(
        fc.constantFrom(",", ";", "\t", '"', "\r", "\n", "\r\n", " ", "é", "€"),
        fc.string({ unit: "grapheme" }),
      ),
      {
        maxLength: 5,
      },
    )
    .map((parts) => parts.join("").replaceAll("\0", "").replaceAll("\ufeff", ""));

  it.each(delimiters)("reads back any grid written with %j", (delimiter) => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        (grid, lineEnd, withBom) => {
          fc.pre(grid.some((row) => row.some((value) => value !== "")));
          const text = utf8(writeCsv(grid, delimiter, lineEnd));
          const { sheet, dialect } = readCsv(withBom ? concat(bom, text) : text, { delimiter });
          expect(dialect).toMatchObject({ delimiter, encoding: "utf-8", hadBom: withBom });
          expect(sheet.rows).toEqual(expectedRows(grid));
        },
      ),
    );
  });

  it.each(delimiters)("detects %j in any grid of plain text two or more columns wide", (delimiter) => {
    const word = fc.stringMatching(/^[A-Za-z0-9 .-]{1,12}$/);
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 6 })
          .chain((width) =>
            fc.array(fc.array(word, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 20 }),
          ),
        (grid) => {
          const { sheet, dialect } = readCsv(utf8(writeCsv(grid, delimiter, "\r\n")));
          expect(dialect.delimiter).toBe(delimiter);
          expect(sheet.rows).toEqual(grid);
        },
      ),
    );
  });
});
