import { lineListFormatMessages as messages, type LineListRowError } from "@cm/contracts/line-list-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { snapshot, uploadWorkbook, type Auth } from "../../../test/uploads.ts";
import { manyRowsWorkbook, measured, refusalBounds, validTable, xls, xlsx } from "./test-workbooks.ts";

/**
 * Workbooks uploaded as line lists that must be refused whole, through the real upload path
 * (presign, PUT, process on the parse worker): a readable message, nothing stored, and a bounded
 * cost, measured on the whole process (the worker's memory is the process's) and printed for
 * docs/reliability.md.
 */
const { maxMs, maxRssGrowthMb } = refusalBounds;

describe("hostile line list workbooks", () => {
  let testApp: TestApp;
  let auth: Auth;

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  async function refusedQuickly(label: string, fileName: string, bytes: Buffer): Promise<LineListRowError[]> {
    const before = await snapshot(testApp);
    const { result, ms, rssGrowthMb } = await measured(() =>
      uploadWorkbook(testApp, auth, { fileName, bytes }),
    );
    console.info(
      `line list upload refused, ${label}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB file, ${Math.round(ms)} ms, RSS +${Math.round(rssGrowthMb)} MB`,
    );
    expect(result.process.statusCode, result.process.body).toBe(422);
    expect(ms).toBeLessThan(maxMs);
    expect(rssGrowthMb).toBeLessThan(maxRssGrowthMb);
    expect(await snapshot(testApp)).toEqual(before);
    return result.process.json() as LineListRowError[];
  }

  it(
    "refuses a workbook of 1,000,000 rows, saying how many rows a line list may have",
    { timeout: 120_000 },
    async () => {
      const bytes = manyRowsWorkbook(1_000_000);
      const errors = await refusedQuickly("1,000,000 rows", "Spring 2027.xlsx", bytes);
      expect(errors).toEqual([expect.objectContaining({ message: messages.tooManyRows })]);
    },
  );

  it("refuses an .xls renamed .xlsx, and an .xlsx renamed .xls, saying which it is", async () => {
    const table = validTable(3);
    const xlsRenamed = await refusedQuickly(".xls renamed .xlsx", "Spring 2027.xlsx", xls(table));
    expect(xlsRenamed).toEqual([
      { row: null, column: null, message: messages.extensionMismatch("xls", "xlsx") },
    ]);
    const xlsxRenamed = await refusedQuickly(".xlsx renamed .xls", "Spring 2027.xls", await xlsx(table));
    expect(xlsxRenamed).toEqual([
      { row: null, column: null, message: messages.extensionMismatch("xlsx", "xls") },
    ]);
  });

  it("still reads each kind under its own name", async () => {
    const table = validTable(3);
    for (const [fileName, bytes] of [
      ["Spring 2027.xls", xls(table)],
      ["Spring 2027.xlsx", await xlsx(table)],
    ] as const) {
      const { process } = await uploadWorkbook(testApp, auth, { fileName, bytes });
      expect(process.statusCode, `${fileName}: ${process.body}`).toBe(200);
      await testApp.app.inject({
        method: "DELETE",
        url: `/api/crocs/discard-uploaded-data/${process.body}`,
        headers: auth,
      });
    }
  });
});
