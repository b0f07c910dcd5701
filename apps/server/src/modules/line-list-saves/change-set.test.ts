import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { crocsBrandId } from "../../../test/uploads.ts";
import { rowsOf } from "../../db/client.ts";
import { changeSetStyle, seedNewStylesSave } from "../../testing/review-fixtures.ts";
import { createLineList, createLineListInTransaction } from "../line-lists/service.ts";
import { startChangeSet } from "./change-set.ts";
import { undoSave } from "./service.ts";
import { takeSnapshot } from "./snapshot.ts";
import { lineListSaves, lineListSaveStyles } from "./schema.ts";

/** Rolls a transaction back once the test has looked inside it. */
class Rollback extends Error {}

describe("a change set of a line list's save", () => {
  let testApp: TestApp;
  let brandId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    brandId = await crocsBrandId(testApp);
  });
  afterAll(() => testApp?.close());

  it("stores only the styles that differ, each with its fields before and after", async () => {
    const { db } = testApp.database;
    const result = await db
      .transaction(async (tx) => {
        const products = Array.from({ length: 6 }, (_, index) => changeSetStyle("CS", index, 3));
        const lineList = await createLineListInTransaction(
          tx,
          {
            brandId,
            name: "Change set test",
            stage: "saved",
            products,
            catalogs: { athletic: ["CS-00002", "CS-00003"], boutique: ["CS-00003"] },
          },
          null,
        );
        await tx.execute(sql`update line_list_items set msrp = '49.99' where line_list_id = ${lineList.id}`);
        const changeSet = await startChangeSet(tx, lineList.id);
        expect(changeSet.before?.size).toBe(6);
        expect(changeSet.before?.get("CS-00003")).toMatchObject({
          model_code: "CS-00003",
          color: "Black",
          msrp: "49.99",
          extra_attributes: { Material: "Croslite" },
          sizes: [
            { size: "M4", sku: "CS-00003-0" },
            { size: "M5", sku: "CS-00003-1" },
            { size: "M6", sku: "CS-00003-2" },
          ],
          catalogs: ["athletic", "boutique"],
        });

        // A color (shared), an MSRP (the line list's offer), a SKU; one style gone, one new.
        await tx.execute(
          sql`update products set color = 'Pink' where model_code = 'CS-00000' and brand_id = ${brandId}`,
        );
        await tx.execute(sql`
        update line_list_items set msrp = '59.99'
        where line_list_id = ${lineList.id} and product_id = (select id from products where model_code = 'CS-00001')`);
        await tx.execute(sql`update product_sizes set sku = 'NEW-SKU' where sku = 'CS-00002-0'`);
        await tx.execute(sql`
        delete from line_list_items
        where line_list_id = ${lineList.id} and product_id = (select id from products where model_code = 'CS-00003')`);
        const [added] = rowsOf<{ id: number }>(
          await tx.execute(sql`
          insert into products (brand_id, model_code, color) values (${brandId}, 'CS-NEW', 'Lime') returning id`),
        );
        await tx.execute(sql`
        insert into line_list_items (line_list_id, product_id, position, msrp)
        values (${lineList.id}, ${added!.id}, 9, '19.99')`);

        const { saveId } = await changeSet.finish({
          kind: "update",
          uploadId: null,
          fileName: "Spring.xlsx",
          actorUserId: null,
        });
        const [save] = await tx.select().from(lineListSaves).where(eq(lineListSaves.id, saveId!));
        const styles = await tx
          .select()
          .from(lineListSaveStyles)
          .where(eq(lineListSaveStyles.saveId, saveId!));
        throw Object.assign(new Rollback(), { save, styles });
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error as Rollback & Record<string, never>;
        throw error;
      });
    const { save, styles } = result as unknown as {
      save: typeof lineListSaves.$inferSelect;
      styles: (typeof lineListSaveStyles.$inferSelect)[];
    };
    expect(save).toMatchObject({
      kind: "update",
      fileName: "Spring.xlsx",
      counts: { added: 1, changed: 3, removed: 1 },
      undoes: null,
      undoneBy: null,
    });
    const byCode = new Map(styles.map((row) => [row.modelCode, row]));
    expect([...byCode.keys()].sort()).toEqual(["CS-00000", "CS-00001", "CS-00002", "CS-00003", "CS-NEW"]);
    expect(byCode.get("CS-00000")).toMatchObject({
      change: "changed",
      before: { color: "Black" },
      after: { color: "Pink" },
    });
    expect(byCode.get("CS-00001")).toMatchObject({ before: { msrp: "49.99" }, after: { msrp: "59.99" } });
    // A changed style keeps only what changed: here its sizes.
    expect(byCode.get("CS-00002")!.after).toEqual({
      product_id: expect.any(Number),
      model_code: "CS-00002",
      sizes: [
        { size: "M4", sku: "NEW-SKU" },
        { size: "M5", sku: "CS-00002-1" },
        { size: "M6", sku: "CS-00002-2" },
      ],
    });
    expect(byCode.get("CS-00003")).toMatchObject({
      change: "removed",
      after: null,
      before: { catalogs: ["athletic", "boutique"] },
    });
    expect(byCode.get("CS-NEW")).toMatchObject({
      change: "added",
      before: null,
      after: { msrp: "19.99", color: "Lime" },
    });
  });

  it("stores a 5,000-style save (10 sizes each, placed): every style changed, or every style new", async () => {
    // What the two ends cost is measured by `npm run bench:review` (docs/performance.md), not here.
    const { db } = testApp.database;
    await db
      .transaction(async (tx) => {
        const products = Array.from({ length: 5000 }, (_, index) => changeSetStyle("PERF", index));
        const codes = products.map((product) => product.modelCode);
        const lineList = await createLineListInTransaction(
          tx,
          {
            brandId,
            name: "Large change set",
            stage: "saved",
            products,
            catalogs: { athletic: codes.slice(0, 2500), crocs: codes.slice(2000) },
          },
          null,
        );
        const empty = await createLineListInTransaction(tx, { brandId, name: "Empty", stage: "saved" }, null);
        // Every style's MSRP changed.
        const changeSet = await startChangeSet(tx, lineList.id);
        expect(changeSet.before?.size).toBe(5000);
        await tx.execute(sql`update line_list_items set msrp = '99.99' where line_list_id = ${lineList.id}`);
        const changed = await changeSet.finish({
          kind: "update",
          uploadId: null,
          fileName: "Large.xlsx",
          actorUserId: null,
        });

        // Every style new to a line list: each stored whole.
        const newSet = await startChangeSet(tx, empty.id);
        await tx.execute(sql`
          insert into line_list_items (line_list_id, product_id, position, msrp)
          select ${empty.id}, product_id, position, msrp from line_list_items where line_list_id = ${lineList.id}`);
        const added = await newSet.finish({
          kind: "new",
          uploadId: null,
          fileName: "New.xlsx",
          actorUserId: null,
        });
        const counts = await tx
          .select({ counts: lineListSaves.counts })
          .from(lineListSaves)
          .where(sql`${lineListSaves.id} in (${changed.saveId}, ${added.saveId})`)
          .orderBy(lineListSaves.id);
        expect(counts.map((row) => row.counts)).toEqual([
          { added: 0, changed: 5000, removed: 0 },
          { added: 5000, changed: 0, removed: 0 },
        ]);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  it("undoes a 5,000-style save, and that undo", async () => {
    // What each undo costs is measured by `npm run bench:review` (docs/performance.md), not here.
    const { db } = testApp.database;
    const lineList = await createLineList(db, { brandId, name: "Large undo", stage: "saved" }, null);
    const saveId = await seedNewStylesSave(db, { brandId, lineListId: lineList.id, styleCount: 5000 });
    const undone = await undoSave(db, lineList.id, saveId, { dryRun: false }, null);
    expect(undone.data.revert).toHaveLength(5000);
    expect(undone.data.save!.counts).toEqual({ added: 0, changed: 0, removed: 5000 });
    const [{ left }] = rowsOf<{ left: number }>(
      await db.execute(sql`select count(*)::int as left from products where model_code like 'UNDO-%'`),
    ) as [{ left: number }];
    expect(left).toBe(0);

    const redone = await undoSave(db, lineList.id, undone.data.save!.id, { dryRun: false }, null);
    expect(redone.data.save!.counts).toEqual({ added: 5000, changed: 0, removed: 0 });
    const restored = await takeSnapshot(db, lineList.id);
    expect(restored.size).toBe(5000);
    expect(restored.get("UNDO-00042")!.sizes).toHaveLength(10);
  });

  it("lets a restore load an undo before the save it undid (rows in their physical order)", async () => {
    const { db } = testApp.database;
    const [lineList] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into line_lists (brand_id, name, stage) values (${brandId}, 'Restore order', 'saved') returning id`,
      ),
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into line_list_saves (id, line_list_id, kind, undoes) overriding system value
        values (900002, ${lineList!.id}, 'undo', 900001)`);
      await tx.execute(sql`
        insert into line_list_saves (id, line_list_id, kind, file_name, undone_by) overriding system value
        values (900001, ${lineList!.id}, 'update', 'Spring.xlsx', 900002)`);
    });
    const rows = await db.select().from(lineListSaves).where(eq(lineListSaves.lineListId, lineList!.id));
    expect(rows.map((row) => [row.id, row.undoes, row.undoneBy]).sort()).toEqual([
      [900001, null, 900002],
      [900002, 900001, null],
    ]);
  });
});
