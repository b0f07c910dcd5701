import { sql } from "drizzle-orm";
import { historySummaries } from "@cm/contracts/history";
import type { PreviewChoicesInput } from "@cm/contracts/line-list-review";
import {
  lineListSavesApiPaths,
  undoMessages,
  type LineListSave,
  type LineListSaveDetail,
  type UndoSaveData,
} from "@cm/contracts/line-list-saves";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { tableChecksums } from "../../../test/table-checksums.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { crocsBrandId, uploadAccepted, uploadWorkbook, type Auth } from "../../../test/uploads.ts";
import { rowsOf } from "../../db/client.ts";
import {
  sampleLineListTable,
  type LineListTable,
  type SampleCell,
} from "../file-processing/sample-line-list.ts";
import { xlsx } from "../file-processing/test-workbooks.ts";
import { takeSnapshot, type StyleSnapshot } from "./snapshot.ts";

const col = { modelCode: 2, color: 3, msrp: 5, sku: 13 } as const;

/** A sample workbook whose model codes and SKUs start with `prefix`, so line lists share no product. */
function workbook(prefix: string, styles: number, seed: number): LineListTable {
  const table = sampleLineListTable({ styles, seed });
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

const codesOf = (table: LineListTable) => [
  ...new Set(table.rows.slice(1).map((row) => String(row[col.modelCode]))),
];

/** `change` applied to every row of these model codes. */
function changeRows(
  table: LineListTable,
  codes: string[],
  change: (row: SampleCell[]) => void,
): LineListTable {
  return {
    ...table,
    rows: table.rows.map((row, index) => {
      if (index === 0 || !codes.includes(String(row[col.modelCode]))) return row;
      const copy = [...row];
      change(copy);
      return copy;
    }),
  };
}

const withoutCodes = (table: LineListTable, codes: string[]): LineListTable => ({
  ...table,
  rows: table.rows.filter((row, index) => index === 0 || !codes.includes(String(row[col.modelCode]))),
});

const withRows = (table: LineListTable, extra: LineListTable): LineListTable => ({
  ...table,
  rows: [...table.rows, ...extra.rows.slice(1)],
});

/** A snapshot without what an undo does not put back (the order of the file) nor ids. */
function comparable(styles: Map<string, StyleSnapshot>) {
  return Object.fromEntries(
    [...styles].map(([code, { position: _position, product_id: _id, ...style }]) => [code, style]),
  );
}

describe("saves as change sets, and undoing them", () => {
  let testApp: TestApp;
  let auth: Auth;
  let brandId: number;

  const inject = (
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    payload === undefined
      ? testApp.app.inject({ method, url, headers: auth })
      : testApp.app.inject({ method, url, headers: auth, payload });
  const savesOf = async (lineListId: number): Promise<LineListSave[]> => {
    const response = await inject("GET", lineListSavesApiPaths.saves(lineListId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.saves;
  };
  const undo = (lineListId: number, saveId: number, options: { dryRun?: boolean; body?: object } = {}) =>
    inject(
      "POST",
      lineListSavesApiPaths.undo(lineListId, saveId) + (options.dryRun ? "?dryRun=true" : ""),
      options.body ?? {},
    );
  const snapshot = (lineListId: number) => takeSnapshot(testApp.database.db, lineListId);
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    rowsOf<T>(await testApp.database.db.execute(statement));

  async function saveNew(fileName: string, table: LineListTable): Promise<number> {
    const lineListId = await uploadAccepted(testApp, auth, { fileName, bytes: await xlsx(table) });
    const confirm = await inject("POST", `/api/crocs/preview/${lineListId}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    return lineListId;
  }

  async function saveUpdate(
    lineListId: number,
    fileName: string,
    table: LineListTable,
    choices?: PreviewChoicesInput,
  ): Promise<void> {
    const { process } = await uploadWorkbook(testApp, auth, {
      fileName,
      bytes: await xlsx(table),
      action: "update",
      lineListId,
      type: "update",
    });
    expect(process.statusCode, process.body).toBe(200);
    if (choices) {
      const chosen = await inject("PATCH", `/api/crocs/preview/${lineListId}/choices`, choices);
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
    const confirm = await inject("POST", `/api/crocs/preview/${lineListId}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(200);
  }

  async function place(lineListId: number, modelCode: string, type: string): Promise<void> {
    await testApp.database.db.execute(sql`
      insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
      select c.id, ${lineListId}, li.id
      from line_list_items li join products p on p.id = li.product_id
      join catalogs c on c.line_list_id = ${lineListId} and c.type = ${type}
      where li.line_list_id = ${lineListId} and p.model_code = ${modelCode}`);
  }

  /** An order of a new customer with one line of this style of the line list. */
  async function order(lineListId: number, modelCode: string): Promise<void> {
    const [organization] = await query<{ id: number }>(
      sql`insert into organizations (name, type, status) values (${`Shop ${modelCode}`}, 'external', 'active') returning id`,
    );
    const [store] = await query<{ id: number }>(sql`
      insert into stores (organization_id, name, logo_url)
      values (${organization!.id}, ${`Store ${modelCode}`}, '/store-logo-placeholder.svg') returning id`);
    const [created] = await query<{ id: number }>(sql`
      insert into orders (organization_id, store_id, order_type, units, total_whs)
      values (${organization!.id}, ${store!.id}, 'pre-book', 2, '50.00') returning id`);
    await testApp.database.db.execute(sql`
      insert into order_lines (order_id, position, line_list_id, product_id, brand_id, sku, size, quantity, msrp, unit_whs)
      select ${created!.id}, 0, ${lineListId}, p.id, p.brand_id, z.sku, z.size, 2, 49.99, 25
      from products p join product_sizes z on z.product_id = p.id
      where p.brand_id = ${brandId} and p.model_code = ${modelCode}
      order by z.position limit 1`);
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    brandId = await crocsBrandId(testApp);
  });
  afterAll(() => testApp?.close());

  describe("the newest save of a line list", () => {
    let lineListId: number;
    let codes: string[];
    let added: string[];
    let beforeUpdate: Map<string, StyleSnapshot>;
    let update: LineListSave;

    beforeAll(async () => {
      const original = workbook("A", 10, 31);
      codes = codesOf(original);
      lineListId = await saveNew("A Spring 2027.xlsx", original);
      await place(lineListId, codes[8]!, "athletic");
      await place(lineListId, codes[8]!, "boutique");
      beforeUpdate = await snapshot(lineListId);

      // MSRP, color and a SKU changed; two styles dropped, one of them removed; three new styles.
      let revised = withoutCodes(original, [codes[8]!, codes[9]!]);
      revised = changeRows(revised, [codes[0]!], (row) => (row[col.msrp] = 999.99));
      revised = changeRows(revised, [codes[1]!], (row) => (row[col.color] = "Electric Pink"));
      const skuRow = revised.rows.findIndex((row) => row[col.modelCode] === codes[2]);
      revised.rows[skuRow] = [...revised.rows[skuRow]!];
      revised.rows[skuRow]![col.sku] = "A-NEW-SKU-1";
      const extra = workbook("AN", 3, 32);
      added = codesOf(extra);
      await saveUpdate(lineListId, "A Spring 2027 v2.xlsx", withRows(revised, extra), {
        dropped: { modelCodes: [codes[8]!], remove: true },
      });
      update = (await savesOf(lineListId))[0]!;
    });

    it("lists the line list's saves newest first, with who, the file and the counts", async () => {
      const saves = await savesOf(lineListId);
      expect(saves).toEqual([
        {
          id: expect.any(Number),
          kind: "update",
          savedAt: expect.any(String),
          savedBy: expect.any(String),
          fileName: "A Spring 2027 v2.xlsx",
          counts: { added: 3, changed: 3, removed: 1 },
          undoes: null,
          undoneBy: null,
        },
        expect.objectContaining({
          kind: "new",
          fileName: "A Spring 2027.xlsx",
          counts: { added: 10, changed: 0, removed: 0 },
        }),
      ]);
      expect(saves[0]!.savedBy).not.toMatch(/^\d+$/);
      // The upload's history entry is the save's: it names the change set.
      const [entry] = await query<{ data: { saveId?: number } }>(sql`
        select data from history_entries
        where entity_type = 'line-list' and entity_id = ${String(lineListId)} and action = 'upload'
        order by id desc limit 1`);
      expect(entry!.data.saveId).toBe(update.id);
      // The history API names it, so the entry can offer "Undo this save".
      const history = await inject("GET", `/api/history?entityType=line-list&entityId=${lineListId}`);
      expect(history.statusCode, history.body).toBe(200);
      const entries = history.json().data as { action: string; saveId?: number }[];
      expect(entries.find((listed) => listed.action === "upload")?.saveId).toBe(update.id);
    });

    it("shows one save's styles, each changed field before and after", async () => {
      const response = await inject("GET", lineListSavesApiPaths.save(lineListId, update.id));
      expect(response.statusCode, response.body).toBe(200);
      const detail: LineListSaveDetail = response.json().data;
      expect(detail.save).toEqual(update);
      const byCode = new Map(detail.styles.map((style) => [style.modelCode, style]));
      expect(byCode.get(codes[0]!)).toEqual({
        modelCode: codes[0],
        change: "changed",
        fields: [{ field: "msrp", before: Number(beforeUpdate.get(codes[0]!)!.msrp), after: 999.99 }],
      });
      expect(byCode.get(codes[1]!)!.fields).toEqual([
        { field: "color", before: beforeUpdate.get(codes[1]!)!.color, after: "Electric Pink" },
      ]);
      expect(byCode.get(codes[2]!)!.fields.map((field) => field.field)).toEqual(["sizes"]);
      expect(byCode.get(codes[2]!)!.fields[0]!.after).toContain(
        `${beforeUpdate.get(codes[2]!)!.sizes[0]!.size} A-NEW-SKU-1`,
      );
      expect(byCode.get(codes[8]!)).toEqual({ modelCode: codes[8], change: "removed", fields: [] });
      for (const code of added) expect(byCode.get(code)).toMatchObject({ change: "added", fields: [] });
      expect(byCode.size).toBe(7);
      expect((await inject("GET", lineListSavesApiPaths.save(lineListId, 999_999))).statusCode).toBe(404);
    });

    it("says in a dry run what the undo would do, and changes nothing", async () => {
      const before = await tableChecksums(testApp.database.db);
      const response = await undo(lineListId, update.id, { dryRun: true });
      expect(response.statusCode, response.body).toBe(200);
      const data: UndoSaveData = response.json().data;
      expect(data.applied).toBe(false);
      expect(data.save).toBeNull();
      expect(data.skip).toEqual([]);
      expect(data.publishedCatalogs).toEqual([]);
      expect(data.revert).toEqual(
        expect.arrayContaining([
          {
            modelCode: codes[0],
            action: "restore-field",
            field: "msrp",
            before: Number(beforeUpdate.get(codes[0]!)!.msrp),
            current: 999.99,
          },
          expect.objectContaining({ modelCode: codes[1], field: "color", current: "Electric Pink" }),
          expect.objectContaining({ modelCode: codes[2], field: "sizes" }),
          { modelCode: codes[8], action: "restore-style", field: null },
          ...added.map((modelCode) => ({ modelCode, action: "remove-style", field: null })),
        ]),
      );
      expect(data.revert).toHaveLength(7);
      expect(await tableChecksums(testApp.database.db)).toEqual(before);
    });

    it("restores every field, brings the removed style back with its placements, removes the added styles but the ordered one", async () => {
      await order(lineListId, added[0]!);
      const [{ revision }] = (await query<{ revision: number }>(
        sql`select revision from line_lists where id = ${lineListId}`,
      )) as [{ revision: number }];
      const response = await undo(lineListId, update.id);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.message).toBe(undoMessages.undone);
      expect(body.nextExpectedStreamVersion).toBe(revision + 1);
      const data: UndoSaveData = body.data;
      expect(data.applied).toBe(true);
      expect(data.skip).toEqual([{ modelCode: added[0], field: null, reason: undoMessages.orderedStyle }]);
      expect(data.save).toMatchObject({
        kind: "undo",
        fileName: null,
        undoes: update.id,
        undoneBy: null,
        counts: { added: 1, changed: 3, removed: 2 },
      });

      const now = await snapshot(lineListId);
      const { [added[0]!]: ordered, ...rest } = comparable(now);
      expect(rest).toEqual(comparable(beforeUpdate));
      expect(ordered).toBeDefined();
      expect(now.get(codes[8]!)!.catalogs).toEqual(["athletic", "boutique"]);
      // The two added styles no other line list offers are gone with their products; the ordered one stays.
      const products = await query<{ model_code: string }>(sql`
        select model_code from products
        where brand_id = ${brandId} and model_code in (${added[0]!}, ${added[1]!}, ${added[2]!})`);
      expect(products.map((row) => row.model_code)).toEqual([added[0]]);

      const saves = await savesOf(lineListId);
      expect(saves.map((save) => [save.kind, save.undoes, save.undoneBy])).toEqual([
        ["undo", update.id, null],
        ["update", null, data.save!.id],
        ["new", null, null],
      ]);
      const [entry] = await historyOf(testApp, "line-list", lineListId);
      expect(entry).toMatchObject({
        action: "update",
        summary: historySummaries.saveUndone("the save of A Spring 2027 v2.xlsx", {
          added: 1,
          changed: 3,
          removed: 2,
        }),
      });
    });

    it("refuses to undo a save twice (409)", async () => {
      const response = await undo(lineListId, update.id, { dryRun: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: undoMessages.alreadyUndone, data: null });
    });

    it("undoes the undo: the save's changes and styles come back", async () => {
      const [undone] = await savesOf(lineListId);
      const response = await undo(lineListId, undone!.id);
      expect(response.statusCode, response.body).toBe(200);
      const data: UndoSaveData = response.json().data;
      expect(data.skip).toEqual([]);
      expect(data.save).toMatchObject({
        kind: "undo",
        undoes: undone!.id,
        counts: { added: 2, changed: 3, removed: 1 },
      });
      const now = await snapshot(lineListId);
      expect(now.get(codes[0]!)!.msrp).toBe("999.99");
      expect(now.get(codes[1]!)!.color).toBe("Electric Pink");
      expect(now.get(codes[2]!)!.sizes.map((size) => size.sku)).toContain("A-NEW-SKU-1");
      expect(now.has(codes[8]!)).toBe(false);
      for (const code of added) expect(now.has(code), code).toBe(true);
      // The products deleted by the first undo are created again, with their sizes.
      expect(now.get(added[1]!)!.sizes.length).toBeGreaterThan(0);
      expect((await savesOf(lineListId))[1]).toMatchObject({ id: undone!.id, undoneBy: data.save!.id });
    });
  });

  it("undoing an older save skips the fields changed since and names them", async () => {
    const original = workbook("B", 4, 41);
    const codes = codesOf(original);
    const lineListId = await saveNew("B Spring 2027.xlsx", original);
    const colorBefore = (await snapshot(lineListId)).get(codes[1]!)!.color;
    let second = changeRows(original, [codes[0]!], (row) => (row[col.msrp] = 111.11));
    second = changeRows(second, [codes[1]!], (row) => (row[col.color] = "Lagoon"));
    await saveUpdate(lineListId, "B v2.xlsx", second);
    await saveUpdate(
      lineListId,
      "B v3.xlsx",
      changeRows(second, [codes[0]!], (row) => (row[col.msrp] = 222.22)),
    );
    const [, older] = await savesOf(lineListId);
    expect(older).toMatchObject({ fileName: "B v2.xlsx", counts: { changed: 2 } });

    const dryRun = await undo(lineListId, older!.id, { dryRun: true });
    expect(dryRun.json().data).toMatchObject({
      revert: [
        {
          modelCode: codes[1],
          action: "restore-field",
          field: "color",
          before: colorBefore,
          current: "Lagoon",
        },
      ],
      skip: [{ modelCode: codes[0], field: "msrp", reason: undoMessages.changedSince }],
    });
    const applied = await undo(lineListId, older!.id);
    expect(applied.statusCode, applied.body).toBe(200);
    const now = await snapshot(lineListId);
    expect(now.get(codes[0]!)!.msrp).toBe("222.22");
    expect(now.get(codes[1]!)!.color).toBe(colorBefore);
  });

  it("lets one of two people undoing the same save at once win; the other gets 409", async () => {
    const original = workbook("C", 3, 51);
    const codes = codesOf(original);
    const lineListId = await saveNew("C Spring 2027.xlsx", original);
    await saveUpdate(
      lineListId,
      "C v2.xlsx",
      changeRows(original, [codes[0]!], (row) => (row[col.msrp] = 5.55)),
    );
    const [save] = await savesOf(lineListId);
    const responses = await Promise.all([undo(lineListId, save!.id), undo(lineListId, save!.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().message).toBe(
      undoMessages.alreadyUndone,
    );
    const saves = await savesOf(lineListId);
    expect(saves.filter((entry) => entry.kind === "undo")).toHaveLength(1);
  });

  it("asks before changing a published catalog, and keeps an added style a published catalog shows", async () => {
    const original = workbook("D", 4, 61);
    const codes = codesOf(original);
    const lineListId = await saveNew("D Spring 2027.xlsx", original);
    await place(lineListId, codes[3]!, "athletic");
    const extra = workbook("DN", 1, 62);
    const [newCode] = codesOf(extra);
    await saveUpdate(lineListId, "D v2.xlsx", withRows(withoutCodes(original, [codes[3]!]), extra), {
      dropped: { modelCodes: [codes[3]!], remove: true },
    });
    await place(lineListId, newCode!, "boutique");
    const publish = await inject("POST", "/api/crocs/catalogs/publish", { lineListId });
    expect(publish.statusCode, publish.body).toBe(200);
    const [save] = await savesOf(lineListId);

    const dryRun = await undo(lineListId, save!.id, { dryRun: true });
    const [athletic] = await query<{ id: number }>(
      sql`select id from catalogs where line_list_id = ${lineListId} and type = 'athletic'`,
    );
    expect(dryRun.json().data).toMatchObject({
      revert: [{ modelCode: codes[3], action: "restore-style", field: null }],
      skip: [{ modelCode: newCode, field: null, reason: undoMessages.publishedStyle }],
      publishedCatalogs: [{ catalogId: athletic!.id, type: "athletic", styles: 1, lineListId }],
    });

    const before = await tableChecksums(testApp.database.db);
    const refused = await undo(lineListId, save!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(undoMessages.publishedNeedsConfirm);
    expect(await tableChecksums(testApp.database.db)).toEqual(before);

    const confirmed = await undo(lineListId, save!.id, { body: { confirmPublished: true } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const now = await snapshot(lineListId);
    expect(now.get(codes[3]!)!.catalogs).toEqual(["athletic"]);
    expect(now.get(newCode!)!.catalogs).toEqual(["boutique"]);
  });

  it("answers 404 for a save of another line list and 400 for a bad id", async () => {
    const [save] = await query<{ id: number; line_list_id: number }>(
      sql`select id, line_list_id from line_list_saves order by id limit 1`,
    );
    const other = save!.line_list_id + 100_000;
    expect((await undo(other, save!.id, { dryRun: true })).statusCode).toBe(404);
    expect((await inject("GET", lineListSavesApiPaths.saves(other))).statusCode).toBe(404);
    expect((await inject("GET", "/api/line-lists/abc/saves")).statusCode).toBe(400);
  });
});
