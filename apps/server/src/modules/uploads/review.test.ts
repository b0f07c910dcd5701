import { and, eq, sql } from "drizzle-orm";
import type { PreviewStyleRow, PreviewSummary } from "@cm/contracts/line-list-preview";
import { reviewMessages, type PreviewChoicesInput } from "@cm/contracts/line-list-review";
import type { OrderOffer } from "@cm/contracts/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { uploadAccepted, type Auth } from "../../../test/uploads.ts";
import { rowsOf } from "../../db/client.ts";
import { lineListItems, lineLists, organizations, products, stores } from "../../db/schema.ts";
import {
  sampleLineListTable,
  type LineListTable,
  type SampleCell,
} from "../file-processing/sample-line-list.ts";
import { xlsx } from "../file-processing/test-workbooks.ts";

/**
 * Issue 33, "Review before saving" and "A save never changes a published offer silently": the
 * choices of PATCH /api/crocs/preview/{id}/choices, kept with the staged upload, and a save that
 * applies exactly what was taken, prices into this line list's own offer only.
 */

const col = { silhouette: 1, modelCode: 2, color: 3, msrp: 5, size: 12, sku: 13 } as const;

function codesOf(table: LineListTable): string[] {
  return [...new Set(table.rows.slice(1).map((row) => String(row[col.modelCode])))];
}

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

/** Model codes and SKUs of a sample table, prefixed so two tables of one brand do not meet. */
function prefixed(table: LineListTable, prefix: string): LineListTable {
  return {
    ...table,
    rows: table.rows.map((row, index) =>
      index === 0
        ? row
        : row.map((cell, column) =>
            column === col.modelCode || column === col.sku ? `${prefix}${String(cell)}` : cell,
          ),
    ),
  };
}

describe("reviewing an upload before saving it", () => {
  let testApp: TestApp;
  let auth: Auth;
  let lineListId: number;
  let otherId: number;
  let original: LineListTable;
  let codes: string[];
  let newCodes: string[];

  const db = () => testApp.database.db;
  const get = (url: string) => testApp.app.inject({ method: "GET", url, headers: auth });
  const summaryOf = async (id: number): Promise<PreviewSummary> =>
    (await get(`/api/crocs/preview/${id}`)).json().data;
  const stylesOf = async (id: number): Promise<Map<string, PreviewStyleRow>> =>
    new Map(
      ((await get(`/api/crocs/preview/${id}/styles?pageSize=1000`)).json().data as PreviewStyleRow[]).map(
        (row) => [row.model_code, row],
      ),
    );
  const choose = (id: number, payload: PreviewChoicesInput | Record<string, unknown>) =>
    testApp.app.inject({
      method: "PATCH",
      url: `/api/crocs/preview/${id}/choices`,
      headers: auth,
      payload,
    });
  const confirm = (id: number) =>
    testApp.app.inject({ method: "POST", url: `/api/crocs/preview/${id}/confirm`, headers: auth });
  const productOf = async (code: string) =>
    (await db().select().from(products).where(eq(products.modelCode, code)))[0];
  const itemOf = async (id: number, code: string) => {
    const product = await productOf(code);
    if (!product) return undefined;
    return (
      await db()
        .select()
        .from(lineListItems)
        .where(and(eq(lineListItems.lineListId, id), eq(lineListItems.productId, product.id)))
    )[0];
  };
  const msrpOf = (table: LineListTable, code: string) =>
    Number(table.rows.find((row) => row[col.modelCode] === code)![col.msrp]).toFixed(2);

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    original = sampleLineListTable({ styles: 10, seed: 31 });
    codes = codesOf(original);
    lineListId = await uploadAccepted(testApp, auth, {
      fileName: "Fall 2027.xlsx",
      bytes: await xlsx(original),
    });
    expect((await confirm(lineListId)).statusCode).toBe(200);
    // Another line list of the brand offering the same styles, published.
    otherId = await uploadAccepted(testApp, auth, {
      fileName: "Fall 2027 Outlet.xlsx",
      bytes: await xlsx(original),
    });
    expect((await confirm(otherId)).statusCode).toBe(200);
    await db().update(lineLists).set({ published: true }).where(eq(lineLists.id, otherId));
  });
  afterAll(() => testApp?.close());

  /**
   * codes[0]: silhouette, color and MSRP change; codes[1]: color and MSRP; codes[2]: MSRP;
   * codes[3]: color; codes[8], codes[9] dropped; two new styles.
   */
  function revised(): LineListTable {
    let table: LineListTable = {
      ...original,
      rows: original.rows.filter(
        (row, index) => index === 0 || ![codes[8], codes[9]].includes(String(row[col.modelCode])),
      ),
    };
    table = changeRows(table, [codes[0]!], (row) => {
      row[col.silhouette] = "Changed Clog";
      row[col.color] = "Electric Pink";
      row[col.msrp] = 999.99;
      return row;
    });
    table = changeRows(
      table,
      [codes[1]!],
      (row) => ((row[col.color] = "Lime"), (row[col.msrp] = 111.11), row),
    );
    table = changeRows(table, [codes[2]!], (row) => ((row[col.msrp] = 222.22), row));
    table = changeRows(table, [codes[3]!], (row) => ((row[col.color] = "Teal"), row));
    const added = prefixed(sampleLineListTable({ styles: 2, seed: 32 }), "N").rows.slice(1);
    newCodes = [...new Set(added.map((row) => String(row[col.modelCode])))];
    return { ...table, rows: [...table.rows, ...added] };
  }

  it("per-field, per-style and per-column choices, new styles left out and a dropped style removed give exactly the saved values", async () => {
    await uploadAccepted(testApp, auth, {
      fileName: "Fall 2027 v2.xlsx",
      bytes: await xlsx(revised()),
      action: "update",
      lineListId,
    });
    const before = await summaryOf(lineListId);
    expect(before.counts).toEqual({ all: 10, new: 2, changed: 4, old: 4 });
    expect(before.choices).toEqual({
      changesTaken: 7,
      changesKept: 0,
      stylesKept: 0,
      newStylesTaken: 2,
      newStylesLeftOut: 0,
      droppedRemoved: 0,
      droppedKept: 2,
      keptColumns: [],
    });
    // Prices never reach another line list; names and colours do.
    expect(before.reach).toEqual([
      {
        lineListId: otherId,
        name: "Fall 2027 Outlet",
        published: true,
        styles: 3,
        fields: ["silhouette", "color"],
      },
    ]);
    expect(
      before.dropped.styles.map((style) => [style.model_code, style.remove, style.removeBlockedBy]),
    ).toEqual([
      [codes[8], false, null],
      [codes[9], false, null],
    ]);

    const rows = await stylesOf(lineListId);
    const id = (code: string) => rows.get(code)!.id;
    expect(rows.get(codes[0]!)).toMatchObject({
      status: "changed",
      changedFields: ["silhouette", "color", "msrp"],
      kept: [],
      leftOut: false,
    });

    // Per field: codes[0] keeps its colour.
    let answer = await choose(lineListId, { styles: [{ id: id(codes[0]!), keep: ["color"] }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.choices).toMatchObject({ changesTaken: 6, changesKept: 1, stylesKept: 0 });
    // Per style: codes[1] stays as it was.
    answer = await choose(lineListId, { styles: [{ id: id(codes[1]!), keepStyle: true }] });
    expect(answer.json().data.choices).toMatchObject({ changesTaken: 4, changesKept: 3, stylesKept: 1 });
    // Per column: every old MSRP kept (codes[2], whose MSRP alone changed, is kept whole)...
    answer = await choose(lineListId, { column: { field: "msrp", keep: true } });
    expect(answer.json().data.choices).toMatchObject({
      changesTaken: 2,
      changesKept: 5,
      stylesKept: 2,
      keptColumns: ["msrp"],
    });
    // ...but codes[2]'s new MSRP taken after all.
    answer = await choose(lineListId, { styles: [{ id: id(codes[2]!), take: ["msrp"] }] });
    expect(answer.json().data.choices).toMatchObject({
      changesTaken: 3,
      changesKept: 4,
      stylesKept: 1,
      keptColumns: [],
    });
    // Every new style left out, then one taken back.
    answer = await choose(lineListId, { newStyles: { leaveOut: true } });
    expect(answer.json().data.choices).toMatchObject({ newStylesTaken: 0, newStylesLeftOut: 2 });
    answer = await choose(lineListId, { styles: [{ id: id(newCodes[0]!), leaveOut: false }] });
    expect(answer.json().data.choices).toMatchObject({ newStylesTaken: 1, newStylesLeftOut: 1 });
    // A dropped style removed from the line list.
    answer = await choose(lineListId, { dropped: { modelCodes: [codes[9]!], remove: true } });
    expect(answer.json().data.choices).toMatchObject({ droppedRemoved: 1, droppedKept: 1 });

    // Refused choices change nothing.
    const leaveOutOld = await choose(lineListId, { styles: [{ id: id(codes[3]!), leaveOut: true }] });
    expect(leaveOutOld.statusCode).toBe(400);
    expect(leaveOutOld.json().message).toBe(reviewMessages.onlyNewLeftOut([codes[3]!]));
    const unknown = await choose(lineListId, { styles: [{ id: 99_999_999, keep: ["msrp"] }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(reviewMessages.stylesNotInUpload([99_999_999]));
    const notDropped = await choose(lineListId, { dropped: { modelCodes: [codes[0]!], remove: true } });
    expect(notDropped.statusCode).toBe(400);
    expect(notDropped.json().message).toBe(reviewMessages.notDropped([codes[0]!]));
    expect((await choose(lineListId, {})).statusCode).toBe(400);
    expect((await choose(987_654, { takeAll: true })).statusCode).toBe(404);

    // The choices survive reading the preview again (a reload).
    const reread = await summaryOf(lineListId);
    expect(reread.choices).toEqual({
      changesTaken: 3,
      changesKept: 4,
      stylesKept: 1,
      newStylesTaken: 1,
      newStylesLeftOut: 1,
      droppedRemoved: 1,
      droppedKept: 1,
      keptColumns: [],
    });
    expect(reread.counts).toEqual({ all: 10, new: 2, changed: 4, old: 4 });
    expect(reread.dropped.styles.map((style) => [style.model_code, style.remove])).toEqual([
      [codes[8], false],
      [codes[9], true],
    ]);
    // codes[0] still takes its silhouette, codes[3] its colour: the published line list hears of it.
    expect(reread.reach).toEqual([
      {
        lineListId: otherId,
        name: "Fall 2027 Outlet",
        published: true,
        styles: 2,
        fields: ["silhouette", "color"],
      },
    ]);
    const rowsAgain = await stylesOf(lineListId);
    expect(rowsAgain.get(codes[0]!)).toMatchObject({ kept: ["color", "msrp"], leftOut: false });
    expect(rowsAgain.get(codes[1]!)).toMatchObject({ kept: ["color", "msrp"] });
    expect(rowsAgain.get(codes[2]!)).toMatchObject({ kept: [] });
    expect(rowsAgain.get(newCodes[0]!)).toMatchObject({ status: "new", leftOut: false });
    expect(rowsAgain.get(newCodes[1]!)).toMatchObject({ status: "new", leftOut: true });
    // The view filter keeps working.
    const changedOnly = (await get(`/api/crocs/preview/${lineListId}/styles?view=changed`)).json();
    expect(changedOnly.pagination.total).toBe(4);

    const saved = await confirm(lineListId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      created: 1,
      updated: 3,
      unchanged: 5,
      droppedKept: 1,
      droppedRemoved: 1,
      alreadyConfirmed: false,
      choices: { changesTaken: 3, changesKept: 4, newStylesLeftOut: 1 },
    });

    const p0 = await productOf(codes[0]!);
    const originalRow = (code: string) => original.rows.find((row) => row[col.modelCode] === code)!;
    expect(p0).toMatchObject({
      silhouette: "Changed Clog",
      color: originalRow(codes[0]!)[col.color],
      msrp: msrpOf(original, codes[0]!),
    });
    expect((await itemOf(lineListId, codes[0]!))!.msrp).toBe(msrpOf(original, codes[0]!));
    const p1 = await productOf(codes[1]!);
    expect(p1).toMatchObject({ color: originalRow(codes[1]!)[col.color], revision: 1 });
    expect((await itemOf(lineListId, codes[1]!))!.msrp).toBe(msrpOf(original, codes[1]!));
    expect((await productOf(codes[2]!))!.msrp).toBe("222.22");
    expect((await itemOf(lineListId, codes[2]!))!.msrp).toBe("222.22");
    expect((await productOf(codes[3]!))!.color).toBe("Teal");
    // The other line list keeps its own prices; the shared colour is the product's.
    expect((await itemOf(otherId, codes[2]!))!.msrp).toBe(msrpOf(original, codes[2]!));
    // New styles: one created and offered, the one left out neither.
    expect(await itemOf(lineListId, newCodes[0]!)).toBeDefined();
    expect(await productOf(newCodes[1]!)).toBeUndefined();
    // Dropped: codes[9] removed from this line list only, codes[8] kept.
    expect(await itemOf(lineListId, codes[9]!)).toBeUndefined();
    expect(await itemOf(otherId, codes[9]!)).toBeDefined();
    expect(await itemOf(lineListId, codes[8]!)).toBeDefined();
    // The saved preview shows the line list's own prices.
    const savedRows = await stylesOf(lineListId);
    expect(savedRows.get(codes[0]!)!.msrp).toBe(Number(msrpOf(original, codes[0]!)));
    expect(savedRows.get(codes[2]!)!.msrp).toBe(222.22);
  });

  it("take all resets every choice, and a dropped style an order or a published catalog uses stays", async () => {
    // The published line list, re-uploaded without codes[0] and with a new MSRP for codes[2].
    let table: LineListTable = {
      ...original,
      rows: original.rows.filter((row, index) => index === 0 || row[col.modelCode] !== codes[0]),
    };
    table = changeRows(table, [codes[2]!], (row) => ((row[col.msrp] = 333.33), row));
    await uploadAccepted(testApp, auth, {
      fileName: "Fall 2027 Outlet v2.xlsx",
      bytes: await xlsx(table),
      action: "update",
      lineListId: otherId,
    });
    // codes[0] sits in a catalog of the published line list.
    await db().execute(sql`
      insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
      select c.id, li.line_list_id, li.id
      from line_list_items li join products p on p.id = li.product_id
      join catalogs c on c.line_list_id = li.line_list_id and c.type = 'crocs'
      where li.line_list_id = ${otherId} and p.model_code = ${codes[0]!}`);
    const summary = await summaryOf(otherId);
    expect(summary.dropped.styles).toMatchObject([
      { model_code: codes[0], remove: false, removeBlockedBy: "published" },
    ]);
    const refused = await choose(otherId, { dropped: { modelCodes: [codes[0]!], remove: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      reviewMessages.cannotRemove([{ modelCode: codes[0]!, blockedBy: "published" }]),
    );

    const rows = await stylesOf(otherId);
    await choose(otherId, { styles: [{ id: rows.get(codes[2]!)!.id, keepStyle: true }] });
    // codes[3]'s colour, "Teal" since the first line list's save, goes back to the file's: taken.
    expect((await summaryOf(otherId)).choices).toMatchObject({
      changesKept: 1,
      changesTaken: 1,
      stylesKept: 1,
    });
    const reset = await choose(otherId, { takeAll: true });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.choices).toEqual({
      changesTaken: 2,
      changesKept: 0,
      stylesKept: 0,
      newStylesTaken: 0,
      newStylesLeftOut: 0,
      droppedRemoved: 0,
      droppedKept: 1,
      keptColumns: [],
    });
    // The MSRP compared is this line list's own (the original), not the other one's latest save.
    expect((await stylesOf(otherId)).get(codes[2]!)).toMatchObject({
      msrp: 333.33,
      changedFields: ["msrp"],
      previous: { msrp: Number(msrpOf(original, codes[2]!)) },
    });
    // The colour is shared: it reaches the first line list (not published); the MSRP does not.
    expect((await summaryOf(otherId)).reach).toEqual([
      { lineListId, name: "Fall 2027", published: false, styles: 1, fields: ["color"] },
    ]);
    // Chosen before the line list was published (here: written straight), the removal is refused
    // by the save itself: 409 naming the style, nothing saved.
    await db().execute(sql`
      update line_list_uploads set removed_dropped = array[${codes[0]!}]::text[]
      where line_list_id = ${otherId} and status = 'pending'`);
    const refusedSave = await confirm(otherId);
    expect(refusedSave.statusCode).toBe(409);
    expect(refusedSave.json().message).toBe(
      reviewMessages.cannotRemove([{ modelCode: codes[0]!, blockedBy: "published" }]),
    );
    expect((await summaryOf(otherId)).mode).toBe("upload");
    expect(await itemOf(otherId, codes[0]!)).toBeDefined();
    const discard = await testApp.app.inject({
      method: "DELETE",
      url: `/api/crocs/discard-uploaded-data/${otherId}`,
      headers: auth,
    });
    expect(discard.statusCode).toBe(200);
    // No upload waits: choices are 404, as adding a style is.
    expect((await choose(otherId, { takeAll: true })).statusCode).toBe(404);
  });

  it("shows a size whose SKU changed format as that size with a changed SKU", async () => {
    const table = changeRows(
      original,
      [codes[4]!],
      (row) => ((row[col.sku] = `0${String(row[col.sku])}`), row),
    );
    await uploadAccepted(testApp, auth, {
      fileName: "Fall 2027 v3.xlsx",
      bytes: await xlsx(table),
      action: "update",
      lineListId,
    });
    const row = (await stylesOf(lineListId)).get(codes[4]!)!;
    expect(row).toMatchObject({ status: "changed", changedFields: ["sizes"], removedItems: [] });
    const originalSkus = original.rows
      .filter((cells) => cells[col.modelCode] === codes[4])
      .map((cells) => String(cells[col.sku]));
    expect(row.items.map((item) => [item.status, item.previousSku])).toEqual(
      originalSkus.map((sku) => ["changed", sku]),
    );
    expect(row.items.map((item) => item.sku)).toEqual(originalSkus.map((sku) => `0${sku}`));
    await testApp.app.inject({
      method: "DELETE",
      url: `/api/crocs/discard-uploaded-data/${lineListId}`,
      headers: auth,
    });
  });
});

describe("a line list's prices are its own", () => {
  let testApp: TestApp;
  let auth: Auth;
  let storeId: number;

  const db = () => testApp.database.db;
  const confirm = (id: number) =>
    testApp.app.inject({ method: "POST", url: `/api/crocs/preview/${id}/confirm`, headers: auth });
  const offerOf = async (lineListId: number) => {
    const response = await testApp.app.inject({
      method: "GET",
      url: `/api/orders/offer?storeId=${storeId}&lineListId=${lineListId}`,
      headers: auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    return new Map(
      (response.json().data as OrderOffer).lineLists[0]!.styles.map((style) => [style.modelCode, style]),
    );
  };
  /** Every style of the line list in its crocs catalog, and the line list published. */
  const publish = async (lineListId: number) => {
    await db().execute(sql`
      insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
      select c.id, li.line_list_id, li.id
      from line_list_items li join catalogs c on c.line_list_id = li.line_list_id and c.type = 'crocs'
      where li.line_list_id = ${lineListId}
      on conflict do nothing`);
    await db().update(lineLists).set({ published: true }).where(eq(lineLists.id, lineListId));
  };
  const withMsrp = (table: LineListTable, code: string, msrp: number) =>
    changeRows(table, [code], (row) => ((row[col.msrp] = msrp), row));

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const [organization] = await db()
      .insert(organizations)
      .values({ name: "Offer Shoes", type: "external", status: "active" })
      .returning();
    const [store] = await db()
      .insert(stores)
      .values({
        organizationId: organization!.id,
        name: "Offer Shoes Main",
        logoUrl: "/store-logo-placeholder.svg",
      })
      .returning();
    storeId = store!.id;
  });
  afterAll(() => testApp?.close());

  it("two line lists offering a style at $49.99 and $89.99 keep their own prices on New Order after the second save", async () => {
    const table = prefixed(sampleLineListTable({ styles: 3, seed: 41 }), "P");
    const [x] = codesOf(table);
    const first = await uploadAccepted(testApp, auth, {
      fileName: "Spring 2028.xlsx",
      bytes: await xlsx(withMsrp(table, x!, 49.99)),
    });
    expect((await confirm(first)).statusCode).toBe(200);
    await publish(first);
    expect((await offerOf(first)).get(x!)!.msrp).toBe("49.99");
    const firstWhs = (await offerOf(first)).get(x!)!.unitWhs;

    const second = await uploadAccepted(testApp, auth, {
      fileName: "Summer 2028.xlsx",
      bytes: await xlsx(withMsrp(table, x!, 89.99)),
    });
    // The new line list's preview compares with the product's latest price, and names no other
    // line list: prices never reach one.
    const summary = (
      await testApp.app.inject({ method: "GET", url: `/api/crocs/preview/${second}`, headers: auth })
    ).json().data as PreviewSummary;
    expect(summary.counts).toMatchObject({ changed: 1 });
    expect(summary.reach).toEqual([]);
    expect((await confirm(second)).statusCode).toBe(200);
    await publish(second);

    const firstOffer = await offerOf(first);
    const secondOffer = await offerOf(second);
    expect(firstOffer.get(x!)).toMatchObject({ msrp: "49.99", unitWhs: firstWhs });
    expect(secondOffer.get(x!)!.msrp).toBe("89.99");
    expect(Number(secondOffer.get(x!)!.unitWhs)).toBeGreaterThan(Number(firstWhs));

    // An order of the first line list is priced at its own price.
    const sku = firstOffer.get(x!)!.sizes[0]!.sku;
    const order = await testApp.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: auth,
      payload: { storeId, orderType: "open-stock", lines: [{ lineListId: first, sku, quantity: 2 }] },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data.lines[0]).toMatchObject({ msrp: "49.99", unitWhs: firstWhs });

    // The first line list re-uploaded without the ordered style: it cannot be removed.
    await uploadAccepted(testApp, auth, {
      fileName: "Spring 2028 v2.xlsx",
      bytes: await xlsx({
        ...table,
        rows: table.rows.filter((row, index) => index === 0 || row[col.modelCode] !== x),
      }),
      action: "update",
      lineListId: first,
    });
    const remove = await testApp.app.inject({
      method: "PATCH",
      url: `/api/crocs/preview/${first}/choices`,
      headers: auth,
      payload: { dropped: { modelCodes: [x!], remove: true } },
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(
      reviewMessages.cannotRemove([{ modelCode: x!, blockedBy: "ordered" }]),
    );
    await testApp.app.inject({
      method: "DELETE",
      url: `/api/crocs/discard-uploaded-data/${first}`,
      headers: auth,
    });
  });

  it("migration 0023 changed no price: offers read from line list items equal what products showed before", async () => {
    const { readFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const { migrationsFolder } = await import("../../db/client.ts");
    const { unitWhsSql, brandDiscountSql } = await import("../orders/price.ts");
    const table = prefixed(sampleLineListTable({ styles: 6, seed: 43 }), "M");
    const id = await uploadAccepted(testApp, auth, { fileName: "Fall 2028.xlsx", bytes: await xlsx(table) });
    expect((await confirm(id)).statusCode).toBe(200);
    await publish(id);
    // Data written the old way: the prices on the products only.
    await db().execute(sql`
      update products p set wholesale_price = case when p.id % 2 = 0 then p.msrp / 2 end
      from line_list_items li where li.product_id = p.id and li.line_list_id = ${id}`);
    await db().execute(sql`
      update line_list_items set msrp = null, wholesale_price = null, expected_ship_date = null
      where line_list_id = ${id}`);
    const [organization] = await db().select().from(stores).where(eq(stores.id, storeId));
    // What the offer showed before: the products' prices, priced as New Order priced them.
    const before = rowsOf<{ modelCode: string; msrp: string; unitWhs: string }>(
      await db().execute(sql`
        select p.model_code as "modelCode", p.msrp::text as msrp,
          ${unitWhsSql({
            msrp: sql`p.msrp`,
            wholesalePrice: sql`p.wholesale_price`,
            wholesaleFactor: sql`b.wholesale_factor`,
            discountPercent: brandDiscountSql(organization!.organizationId, sql`b.id`),
          })}::text as "unitWhs"
        from line_list_items li join products p on p.id = li.product_id join brands b on b.id = p.brand_id
        where li.line_list_id = ${id} order by p.model_code`),
    );
    expect(before.length).toBe(6);
    // The migration's own UPDATE, as the file holds it.
    const migration = await readFile(path.join(migrationsFolder, "0023_line_list_offers.sql"), "utf8");
    const update = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .find((statement) => statement.startsWith("UPDATE"))!;
    await db().execute(sql.raw(update));
    const after = await offerOf(id);
    expect(
      before.map((row) => ({
        modelCode: row.modelCode,
        msrp: after.get(row.modelCode)!.msrp,
        unitWhs: after.get(row.modelCode)!.unitWhs,
      })),
    ).toEqual(before);
  });
});
