import { afterEach, describe, expect, it, vi } from "vitest";
import { extractSheetPreview, readSheetPreview, resetSheetPreviewWorker } from "./sheet-preview";
import { answerSheetPreviewRequest, type SheetPreviewRequest } from "./sheet-preview-parse";

const header = ["Franchise", "Silhouette", "Model Code", "Color", "Gender", "MSRP", "Size", "SKU"];
const dataRow = (index: number) => [
  "Classic",
  "Clog",
  `10001-${index}`,
  "Black",
  "Unisex",
  49.99,
  "M4",
  `SKU${index}`,
];

describe("extractSheetPreview", () => {
  it("shows 4 columns after the first, then Size and SKU, row 1 as column names, and at most 14 data rows of the first 15", () => {
    const rows = [header, ...Array.from({ length: 40 }, (_, index) => dataRow(index))];
    const preview = extractSheetPreview("Spring 2027", rows);
    expect(preview.columns).toEqual(["Silhouette", "Model Code", "Color", "Gender", "Size", "SKU"]);
    expect(preview.rows).toHaveLength(14);
    expect(preview.rows[0]).toEqual(["Clog", "10001-0", "Black", "Unisex", "M4", "SKU0"]);
    expect(preview.sheetName).toBe("Spring 2027");
  });

  it("tells the rows of one style apart by their Size and SKU, wherever row 1 puts them and however it spells them", () => {
    const rows = [
      ["SKU", "Franchise", "Silhouette", "Model Code", "Color", "MSRP", "size"],
      ["10001-001-M4", "Classic", "Clog", "10001-001", "Black", 49.99, "M4/W6"],
      ["10001-001-M5", "Classic", "Clog", "10001-001", "Black", 49.99, "M5/W7"],
    ];
    const preview = extractSheetPreview("Spring 2027", rows);
    expect(preview.columns).toEqual(["Franchise", "Silhouette", "Model Code", "Color", "size", "SKU"]);
    expect(preview.rows).toEqual([
      ["Classic", "Clog", "10001-001", "Black", "M4/W6", "10001-001-M4"],
      ["Classic", "Clog", "10001-001", "Black", "M5/W7", "10001-001-M5"],
    ]);
  });

  it("shows Size once when it is already among the first columns", () => {
    const preview = extractSheetPreview("Spring 2027", [
      ["Model Code", "Size", "Color"],
      ["10001-001", "M4", "Black"],
    ]);
    expect(preview.columns).toEqual(["Size", "Color"]);
  });

  it("keeps only the columns the sheet has and drops blank rows", () => {
    const preview = extractSheetPreview("Fall 2027", [["A", "B", "C"], [], ["1", "2", "3"], ["", "", ""]]);
    expect(preview.columns).toEqual(["B", "C"]);
    expect(preview.rows).toEqual([["2", "3"]]);
  });

  it("an empty sheet gives no columns and no rows", () => {
    expect(extractSheetPreview("Sheet1", [])).toEqual({ sheetName: "Sheet1", columns: [], rows: [] });
  });
});

async function summerWorkbook(): Promise<File> {
  const XLSX = await import("@e965/xlsx");
  const workbook = XLSX.utils.book_new();
  const rows = [header, ...Array.from({ length: 30 }, (_, index) => dataRow(index))];
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Summer 2027");
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["Notes"]]), "Instructions");
  const bytes = XLSX.write(workbook, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
  return new File([bytes], "summer.xlsx");
}

function expectSummerPreview(preview: Awaited<ReturnType<typeof readSheetPreview>>) {
  expect(preview.sheetName).toBe("Summer 2027");
  expect(preview.columns).toEqual(["Silhouette", "Model Code", "Color", "Gender", "Size", "SKU"]);
  expect(preview.rows).toHaveLength(14);
  expect(preview.rows.at(-1)).toEqual(["Clog", "10001-13", "Black", "Unisex", "M4", "SKU13"]);
}

/**
 * A stand-in for the browser's Worker (happy-dom has none): answers each message as the real worker
 * script does, asynchronously, or fails to start when `broken`.
 */
function fakeWorkerClass(options: { broken?: boolean } = {}) {
  const started: string[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    constructor(url: URL) {
      started.push(url.pathname);
    }
    postMessage(request: SheetPreviewRequest) {
      if (options.broken) {
        setTimeout(() => this.onerror?.(new ErrorEvent("error", { message: "failed to load" })));
        return;
      }
      void import("@e965/xlsx").then(async (XLSX) => {
        const response = await answerSheetPreviewRequest(XLSX, request);
        this.onmessage?.(new MessageEvent("message", { data: response }));
      });
    }
    terminate() {}
  }
  return { FakeWorker, started };
}

describe("readSheetPreview", () => {
  afterEach(() => {
    resetSheetPreviewWorker();
    vi.unstubAllGlobals();
  });

  it("reads the first sheet of a real workbook (on the page where there are no workers)", async () => {
    expect(typeof Worker).toBe("undefined");
    expectSummerPreview(await readSheetPreview(await summerWorkbook()));
  });

  it("reads in the preview worker when workers exist, one worker for every file", async () => {
    const { FakeWorker, started } = fakeWorkerClass();
    vi.stubGlobal("Worker", FakeWorker);
    const file = await summerWorkbook();
    const [first, second] = await Promise.all([readSheetPreview(file), readSheetPreview(file)]);
    expectSummerPreview(first);
    expect(second).toEqual(first);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatch(/sheet-preview\.worker\.ts$/);
  });

  it("reports a file the worker cannot read", async () => {
    vi.stubGlobal("Worker", fakeWorkerClass().FakeWorker);
    // A zip's signature, then nothing: not a workbook.
    const broken = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], "x.xlsx");
    await expect(readSheetPreview(broken)).rejects.toThrow();
  });

  it("reads on the page when the worker cannot start", async () => {
    vi.stubGlobal("Worker", fakeWorkerClass({ broken: true }).FakeWorker);
    expectSummerPreview(await readSheetPreview(await summerWorkbook()));
  });
});
