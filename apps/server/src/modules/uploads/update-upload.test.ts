import { and, eq } from "drizzle-orm";
import { previewMessages, type PreviewStyleRow, type PreviewSummary } from "@cm/contracts/line-list-preview";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  crocsBrandId,
  snapshot,
  storageListing,
  uploadAccepted,
  uploadWorkbook,
  type Auth,
} from "../../../test/uploads.ts";
import { lineListItems, lineListUploads, products, stagedStyles } from "../../db/schema.ts";
import {
  sampleLineListTable,
  type LineListTable,
  type SampleCell,
} from "../file-processing/sample-line-list.ts";
import { xls, xlsx } from "../file-processing/test-workbooks.ts";

const col = { modelCode: 2, color: 3, msrp: 5, sku: 13 } as const;

function codesOf(table: LineListTable): string[] {
  return [...new Set(table.rows.slice(1).map((row) => String(row[col.modelCode])))];
}

/** Applies `change` to every data row of the styles with these model codes. */
function changeRows(
  table: LineListTable,
  codes: string[],
  change: (row: SampleCell[]) => SampleCell[],
): LineListTable {
  return {
    ...table,
    rows: table.rows.map((row, index) =>
      index > 0 && codes.includes(String(row[col.modelCode])) ? change([...row]) : row,
    ),
  };
}

describe("re-uploading into a line list (update)", () => {
  let testApp: TestApp;
  let auth: Auth;
  let lineListId: number;
  let original: LineListTable;
  let codes: string[];

  const get = (url: string) => testApp.app.inject({ method: "GET", url, headers: auth });
  const summaryOf = async (id: number): Promise<PreviewSummary> =>
    (await get(`/api/crocs/preview/${id}`)).json().data;
  const styles = async (id: number, view: string): Promise<PreviewStyleRow[]> =>
    (await get(`/api/crocs/preview/${id}/styles?pageSize=1000&view=${view}`)).json().data;
  const discard = (id: number) =>
    testApp.app.inject({ method: "DELETE", url: `/api/crocs/discard-uploaded-data/${id}`, headers: auth });
  const confirm = (id: number) =>
    testApp.app.inject({ method: "POST", url: `/api/crocs/preview/${id}/confirm`, headers: auth });

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    original = sampleLineListTable({ styles: 10, seed: 11 });
    codes = codesOf(original);
    lineListId = await uploadAccepted(testApp, auth, {
      fileName: "Summer 2027.xlsx",
      bytes: await xlsx(original),
    });
    expect((await confirm(lineListId)).statusCode).toBe(200);
  });
  afterAll(() => testApp?.close());

  /** 2 dropped, 3 changed (msrp, color, a SKU), 5 untouched, 3 new. */
  function revised(): LineListTable {
    let table: LineListTable = {
      ...original,
      rows: original.rows.filter(
        (row, index) => index === 0 || ![codes[8], codes[9]].includes(String(row[col.modelCode])),
      ),
    };
    table = changeRows(table, [codes[0]!], (row) => ((row[col.msrp] = 999.99), row));
    table = changeRows(table, [codes[1]!], (row) => ((row[col.color] = "Electric Pink"), row));
    const firstSkuRow = table.rows.findIndex((row) => row[col.modelCode] === codes[2]);
    table.rows[firstSkuRow] = [...table.rows[firstSkuRow]!];
    table.rows[firstSkuRow]![col.sku] = "NEW-SKU-1";
    const added = sampleLineListTable({ styles: 3, seed: 12 })
      .rows.slice(1)
      .map((row) =>
        row.map((cell, column) =>
          column === col.modelCode || column === col.sku ? `N${String(cell)}` : cell,
        ),
      );
    return { ...table, rows: [...table.rows, ...added] };
  }

  it("stages against the line list and reports new, changed, old and dropped styles", async () => {
    const { process } = await uploadWorkbook(testApp, auth, {
      fileName: "Summer 2027 v2.xlsx",
      bytes: await xlsx(revised()),
      action: "update",
      lineListId,
      type: "update",
    });
    expect(process.statusCode, process.body).toBe(200);
    expect(JSON.parse(process.body)).toBe(lineListId);

    const summary = await summaryOf(lineListId);
    expect(summary).toMatchObject({
      mode: "upload",
      action: "update",
      fileName: "Summer 2027 v2.xlsx",
      counts: { all: 11, new: 3, changed: 3, old: 5 },
      lineList: { id: lineListId, stage: "saved", itemsCount: 10 },
    });
    expect(summary.dropped.count).toBe(2);
    expect(summary.dropped.styles.map((style) => style.model_code)).toEqual([codes[8], codes[9]]);

    const changed = await styles(lineListId, "changed");
    expect(changed.map((style) => [style.model_code, style.changedFields])).toEqual([
      [codes[0], ["msrp"]],
      [codes[1], ["color"]],
      [codes[2], ["sizes"]],
    ]);
    const originalMsrp = original.rows.find((row) => row[col.modelCode] === codes[0])![col.msrp];
    expect(changed[0]).toMatchObject({ msrp: 999.99, previous: { msrp: originalMsrp } });
    const skuChange = changed[2]!;
    // Issue 33: sizes match by size first, so the size whose SKU changed is that size with a
    // changed SKU (the old one named), not a size removed and one added.
    expect(skuChange.items[0]).toMatchObject({
      sku: "NEW-SKU-1",
      status: "changed",
      previousSku: original.rows.find((row) => row[col.modelCode] === codes[2])![col.sku],
    });
    expect(skuChange.items.slice(1).every((item) => item.status === "old")).toBe(true);
    expect(skuChange.removedItems).toEqual([]);
    expect((await styles(lineListId, "old")).map((style) => style.model_code)).toEqual(codes.slice(3, 8));
    expect((await styles(lineListId, "new")).every((style) => style.model_code.startsWith("N"))).toBe(true);
    expect(await styles(lineListId, "all")).toHaveLength(11);

    // Nothing applied yet.
    const [before] = await testApp.database.db
      .select()
      .from(products)
      .where(eq(products.modelCode, codes[0]!));
    expect(before).toMatchObject({ revision: 1 });
  });

  it("a later update of the same line list replaces the waiting one", async () => {
    const { db } = testApp.database;
    const pendingBefore = await db
      .select()
      .from(lineListUploads)
      .where(eq(lineListUploads.status, "pending"));
    expect(pendingBefore).toHaveLength(1);
    const filesBefore = await storageListing(testApp);
    const id = await uploadAccepted(testApp, auth, {
      fileName: "Summer 2027 v3.xls",
      bytes: xls(revised()),
      action: "update",
      lineListId,
    });
    expect(id).toBe(lineListId);
    const pending = await db.select().from(lineListUploads).where(eq(lineListUploads.status, "pending"));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.id).not.toBe(pendingBefore[0]!.id);
    expect(await db.$count(stagedStyles)).toBe(11);
    expect((await summaryOf(lineListId)).fileName).toBe("Summer 2027 v3.xls");
    // The replaced upload's file is gone, the new one stored.
    expect(await storageListing(testApp)).toEqual(
      [...filesBefore.filter((file) => file !== pendingBefore[0]!.fileKey), pending[0]!.fileKey].sort(),
    );
  });

  it("saving applies new and changed styles, keeps the dropped ones, and leaves identical products alone", async () => {
    const response = await confirm(lineListId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      created: 3,
      updated: 3,
      unchanged: 5,
      droppedKept: 2,
      alreadyConfirmed: false,
      lineList: { id: lineListId, stage: "saved", itemsCount: 13 },
    });
    const { db } = testApp.database;
    const byCode = async (code: string) =>
      (await db.select().from(products).where(eq(products.modelCode, code)))[0]!;
    expect(await byCode(codes[0]!)).toMatchObject({ msrp: "999.99", revision: 2 });
    expect(await byCode(codes[1]!)).toMatchObject({ color: "Electric Pink", revision: 2 });
    expect(await byCode(codes[3]!)).toMatchObject({ revision: 1 });
    expect(await byCode(codes[8]!)).toMatchObject({ revision: 1 });
    const dropped = await byCode(codes[8]!);
    expect(
      await db.$count(
        lineListItems,
        and(eq(lineListItems.lineListId, lineListId), eq(lineListItems.productId, dropped.id)),
      ),
    ).toBe(1);
    const sizes = (
      await get(`/api/crocs/pre-book/populated-parent-items?lineListId=${lineListId}&search=${codes[2]}`)
    ).json().data.items[0].items;
    expect(sizes[0].sku).toBe("NEW-SKU-1");

    expect((await confirm(lineListId)).json().data).toMatchObject({ alreadyConfirmed: true });
    // Each save is one `upload` of the line list; staging, replacing and confirming again add none.
    const history = await historyOf(testApp, "line-list", lineListId);
    expect(history.map(({ action, summary, changes }) => ({ action, summary, changes }))).toEqual([
      {
        action: "upload",
        summary:
          "Summer 2027 v3.xls: 3 new, 3 changed and 5 unchanged style(s); 2 style(s) no longer in the file kept",
        changes: [{ field: "itemsCount", before: 10, after: 13 }],
      },
      {
        action: "upload",
        summary: "Summer 2027.xlsx: 10 new, 0 changed and 0 unchanged style(s)",
        changes: [
          { field: "stage", before: "preview", after: "saved" },
          { field: "itemsCount", before: 0, after: 10 },
        ],
      },
    ]);
    expect(history[0]!.actor).toMatchObject({ name: "Admin User" });
  });

  it("discarding an update leaves the saved line list and its products as they were", async () => {
    const before = await snapshot(testApp);
    const id = await uploadAccepted(testApp, auth, {
      fileName: "Summer 2027 v4.xlsx",
      bytes: await xlsx(sampleLineListTable({ styles: 2, seed: 13 })),
      action: "update",
      lineListId,
    });
    expect((await summaryOf(id)).dropped.count).toBe(11);
    const response = await discard(lineListId);
    expect(response.json().data).toEqual({ lineListId, discardedStyles: 2, lineListDeleted: false });
    const after = await snapshot(testApp);
    // Nothing saved changed, so the history has nothing to record either.
    expect(after.tables).toEqual(before.tables);
    expect(after.storage).toEqual(before.storage);
    expect((await get(`/api/line-lists?lineListId=${lineListId}`)).json().data.lineLists[0]).toMatchObject({
      stage: "saved",
      itemsCount: 13,
    });
    // Nothing waiting any more: the saved line list itself is never discarded.
    const again = await discard(lineListId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: previewMessages.nothingToDiscard });
    expect((await snapshot(testApp)).tables).toEqual(before.tables);
  });

  it("discarding a new upload removes its line list, staged styles and file", async () => {
    const before = await snapshot(testApp);
    const id = await uploadAccepted(testApp, auth, {
      fileName: "Throwaway.xlsx",
      bytes: await xlsx(sampleLineListTable({ styles: 3, seed: 14 })),
    });
    const response = await discard(id);
    expect(response.json().data).toEqual({ lineListId: id, discardedStyles: 3, lineListDeleted: true });
    const after = await snapshot(testApp);
    expect(after.tables).toEqual(before.tables);
    expect(after.storage).toEqual(before.storage);
    expect((await discard(id)).statusCode).toBe(404);
  });

  it("refuses an update into another brand's line list", async () => {
    const crocs = await crocsBrandId(testApp);
    const pandora = (await get("/api/brands"))
      .json()
      .data.find((brand: { name: string }) => brand.name === "Pandora").id as number;
    expect(pandora).not.toBe(crocs);
    const { createLineList } = await import("../line-lists/service.ts");
    const other = await createLineList(
      testApp.database.db,
      { brandId: pandora, name: "Charms", stage: "saved" },
      null,
    );
    const before = await snapshot(testApp);
    const { process } = await uploadWorkbook(testApp, auth, {
      fileName: "Wrong.xlsx",
      bytes: await xlsx(sampleLineListTable({ styles: 1 })),
      action: "update",
      lineListId: other.id,
    });
    expect(process.statusCode).toBe(400);
    expect(await snapshot(testApp)).toEqual(before);
  });
});
