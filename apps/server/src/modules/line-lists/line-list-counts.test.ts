import type { CatalogType } from "@cm/contracts/catalogs";
import type { LineListWithCatalogs } from "@cm/contracts/line-lists";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { uploadAccepted, uploadWorkbook, type Auth } from "../../../test/uploads.ts";
import { rowsOf, type Database } from "../../db/client.ts";
import { segmentationKit, modelCode, type SegmentationKit } from "../catalogs/segmentation-test-kit.ts";
import { sampleLineListTable } from "../file-processing/sample-line-list.ts";
import { xlsx } from "../file-processing/test-workbooks.ts";
import { rebuildLineListCounts } from "./counts.ts";

/**
 * The line lists' and catalogs' counts (migration 0015) against the same figures counted directly
 * from `line_list_items` and `catalog_items`, after writes of every kind: the uploads and catalogs
 * services, and plain SQL as any writer could. Every line list and catalog has exactly one row
 * holding the direct figures.
 */

async function directCounts(db: Database) {
  const lineLists = rowsOf(
    await db.execute(sql`
      select l.id as "lineListId",
        (select count(*) from line_list_items i where i.line_list_id = l.id)::int as items,
        (select count(distinct ci.line_list_item_id) from catalog_items ci
         where ci.line_list_id = l.id)::int as "placedItems"
      from line_lists l order by 1`),
  );
  const catalogs = rowsOf(
    await db.execute(sql`
      select c.id as "catalogId", (select count(*) from catalog_items ci where ci.catalog_id = c.id)::int as items
      from catalogs c order by 1`),
  );
  return { lineLists, catalogs };
}

async function storedCounts(db: Database) {
  const lineLists = rowsOf(
    await db.execute(sql`
      select line_list_id as "lineListId", items, placed_items as "placedItems"
      from line_list_item_counts order by 1`),
  );
  const catalogs = rowsOf(
    await db.execute(sql`select catalog_id as "catalogId", items from catalog_item_counts order by 1`),
  );
  return { lineLists, catalogs };
}

async function expectCountsRight(db: Database, because?: string): Promise<void> {
  expect(await storedCounts(db), because).toEqual(await directCounts(db));
}

describe("line list counts kept by the database", () => {
  let testApp: TestApp;
  let auth: Auth;
  let kit: SegmentationKit;
  const db = () => testApp.database.db;
  const check = (because?: string) => expectCountsRight(db(), because);
  const post = (path: string, body: unknown) => kit.request("POST", `/api/crocs/catalogs/${path}`, body);

  /** The line list as `GET /api/line-lists/with-catalogs-info` shows it (one of the newest 100). */
  async function listed(lineListId: number): Promise<LineListWithCatalogs> {
    const response = await kit.request("GET", "/api/line-lists/with-catalogs-info?pageSize=100");
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json() as { data: LineListWithCatalogs[] }).data.find(
      (lineList) => lineList.id === lineListId,
    );
    expect(found, `line list ${lineListId} listed`).toBeDefined();
    return found!;
  }

  /** What the page must show, counted directly. */
  async function expectListedRight(lineListId: number, because?: string): Promise<void> {
    const [counts] = rowsOf<{ items: number; placed: number }>(
      await db().execute(sql`
        select (select count(*) from line_list_items where line_list_id = ${lineListId})::int as items,
          (select count(distinct line_list_item_id) from catalog_items where line_list_id = ${lineListId})::int as placed`),
    );
    const catalogs = rowsOf<{ type: CatalogType; itemsCount: number; audience: string[] }>(
      await db().execute(sql`
        select c.type, (select count(*) from catalog_items ci where ci.catalog_id = c.id)::int as "itemsCount",
          c.audience
        from catalogs c where c.line_list_id = ${lineListId}
        order by array_position(array['athletic', 'boutique', 'crocs'], c.type)`),
    );
    const lineList = await listed(lineListId);
    expect(
      { itemsCount: lineList.itemsCount, unsorted: lineList.unsortedItemsCount, catalogs: lineList.catalogs },
      because,
    ).toEqual({ itemsCount: counts!.items, unsorted: counts!.items - counts!.placed, catalogs });
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    kit = await segmentationKit(testApp, auth);
  });
  afterAll(() => testApp?.close());

  it("start as the migration computed them", async () => {
    await check();
  });

  it("follow an upload's save and a re-upload that adds styles to a placed line list", async () => {
    const confirm = (id: number) => kit.request("POST", `/api/crocs/preview/${id}/confirm`);
    const original = sampleLineListTable({ styles: 10, seed: 21 });
    const lineListId = await uploadAccepted(testApp, auth, {
      fileName: "Counts 2027.xlsx",
      bytes: await xlsx(original),
    });
    await check("staged");
    expect((await confirm(lineListId)).statusCode).toBe(200);
    await check("saved");
    await expectListedRight(lineListId);
    expect((await listed(lineListId)).unsortedItemsCount).toBe(10);

    const codes = [...new Set(original.rows.slice(1).map((row) => String(row[2])))];
    expect(
      (
        await post("add-items-to", {
          lineListId,
          modelCodes: codes.slice(0, 4),
          originCatalogType: "unsorted",
          targetCatalogType: "athletic",
        })
      ).statusCode,
    ).toBe(200);
    await check("placed");

    // The same styles and three new ones (the model codes and SKUs of another sample, prefixed).
    const added = sampleLineListTable({ styles: 3, seed: 22 })
      .rows.slice(1)
      .map((row) => row.map((cell, column) => (column === 2 || column === 13 ? `N${String(cell)}` : cell)));
    const { process } = await uploadWorkbook(testApp, auth, {
      fileName: "Counts 2027 v2.xlsx",
      bytes: await xlsx({ ...original, rows: [...original.rows, ...added] }),
      action: "update",
      lineListId,
      type: "update",
    });
    expect(process.statusCode, process.body).toBe(200);
    await check("re-upload staged");
    expect((await confirm(lineListId)).statusCode).toBe(200);
    await check("re-upload saved");
    await expectListedRight(lineListId);
    expect(await listed(lineListId)).toMatchObject({ itemsCount: 13, unsortedItemsCount: 9 });
  });

  it("follow placements through the catalogs API: copies into several catalogs, bulk moves, removals", async () => {
    const name = "counts-bulk";
    const lineList = await kit.newLineList({ name, items: 2_000 });
    await check("created with its items");
    const codes = Array.from({ length: 2_000 }, (_, index) => modelCode(name, index));
    const moved = await post("move-items", {
      lineListId: lineList.id,
      moveItems: codes.map((code) => ({
        modelCode: code,
        originCatalogType: "unsorted",
        targetCatalogType: "boutique",
      })),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await check("2,000 moved out of unsorted");
    await expectListedRight(lineList.id);

    // Copies: the first 500 are in two catalogs, then three.
    for (const target of ["crocs", "athletic"] as const) {
      const copied = await post("copy-items-to", {
        lineListId: lineList.id,
        modelCodes: codes.slice(0, 500),
        originCatalogType: "boutique",
        targetCatalogType: target,
      });
      expect(copied.statusCode, copied.body).toBe(200);
      await check(`copied to ${target}`);
    }
    const between = await post("move-items", {
      lineListId: lineList.id,
      moveItems: codes
        .slice(250, 1_250)
        .map((code) => ({ modelCode: code, originCatalogType: "boutique", targetCatalogType: "athletic" })),
    });
    expect(between.statusCode, between.body).toBe(200);
    await check("1,000 moved between catalogs, some already in the target");
    await expectListedRight(lineList.id);

    const remove = async (catalogType: CatalogType, from: number, to: number) => {
      const response = await kit.request("DELETE", "/api/crocs/catalogs/remove-items", {
        lineListId: lineList.id,
        modelCodes: codes.slice(from, to),
        catalogType,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.counts as Record<"unsorted", number>;
    };
    // Still in other catalogs: nothing becomes unsorted.
    expect((await remove("athletic", 0, 500)).unsorted).toBe(0);
    await check("removed from one of several catalogs");
    expect((await remove("crocs", 0, 100)).unsorted).toBe(0);
    await check("removed from the second of three");
    // Their last catalog: unsorted again.
    expect((await remove("boutique", 0, 100)).unsorted).toBe(100);
    await check("removed from their last catalog");
    expect((await remove("athletic", 250, 2_000)).unsorted).toBe(100 + 750);
    await check("bulk removal");
    await expectListedRight(lineList.id);
    expect((await listed(lineList.id)).unsortedItemsCount).toBe(850);
  });

  it("follow deletes of a catalog and of a line list, and plain SQL over several line lists", async () => {
    const name = "counts-deletes";
    const first = await kit.newLineList({
      name,
      items: 6,
      catalogs: {
        athletic: [modelCode(name, 0), modelCode(name, 1)],
        crocs: [modelCode(name, 1), modelCode(name, 2)],
      },
    });
    const second = await kit.newLineList({ name: `${name}-2`, items: 4 });
    await check("created through the service, placed");
    await expectListedRight(first.id);

    // One statement placing items of both line lists, then one taking them out.
    await post("create", { lineListId: second.id });
    await db().execute(sql`
      insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
      select c.id, c.line_list_id, i.id from catalogs c join line_list_items i on i.line_list_id = c.line_list_id
      where c.line_list_id in (${first.id}, ${second.id}) and c.type = 'boutique'`);
    await check("plain SQL placing items of two line lists");
    await db().execute(sql`
      update catalog_items set catalog_id = (select id from catalogs where line_list_id = ${first.id} and type = 'athletic')
      where line_list_id = ${first.id} and catalog_id = (select id from catalogs where line_list_id = ${first.id} and type = 'boutique')
        and line_list_item_id not in (select line_list_item_id from catalog_items ci join catalogs c on c.id = ci.catalog_id
          where c.line_list_id = ${first.id} and c.type = 'athletic')`);
    await check("plain SQL moving rows to another catalog");
    await db().execute(sql`delete from catalog_items where line_list_id in (${first.id}, ${second.id})
      and catalog_id in (select id from catalogs where type = 'boutique')`);
    await check("plain SQL removing from both");

    await db().execute(sql`delete from catalogs where line_list_id = ${first.id} and type = 'athletic'`);
    await check("a catalog deleted, its items by the cascade");
    await expectListedRight(first.id);
    await db().execute(sql`delete from line_list_items where line_list_id = ${first.id} and position = 2`);
    await check("a placed item deleted, its placements by the cascade");
    await db().execute(sql`delete from line_lists where id = ${first.id}`);
    await check("a line list deleted, its items, catalogs and placements by the cascade");
    await expectListedRight(second.id);
  });

  it("are computed again by the rebuild, whatever they held", async () => {
    await db().execute(sql`update line_list_item_counts set items = items + 7, placed_items = 0`);
    await db().execute(
      sql`delete from catalog_item_counts where catalog_id = (select min(id) from catalogs)`,
    );
    await rebuildLineListCounts(db());
    await check();
  });

  it("hold the direct figures after any sequence of plain-SQL writes of items and placements", async () => {
    const { crocsId } = kit;
    const [lineList] = rowsOf<{ id: number }>(
      await db()
        .execute(sql`insert into line_lists (brand_id, name, stage) values (${crocsId}, 'Counts property', 'saved')
        returning id`),
    );
    const lineListId = lineList!.id;
    await db().execute(sql`insert into catalogs (line_list_id, type)
      select ${lineListId}, t from unnest(array['athletic', 'boutique', 'crocs']) t`);
    const products = rowsOf<{ id: number }>(
      await db().execute(sql`insert into products (brand_id, model_code, msrp)
        select ${crocsId}, 'COUNTS-PROP-' || n, 10 from generate_series(1, 8) n returning id`),
    ).map((row) => row.id);
    await check("an empty line list and its catalogs");

    const type = fc.constantFrom<CatalogType>("athletic", "boutique", "crocs");
    const items = fc.uniqueArray(fc.integer({ min: 0, max: products.length - 1 }), {
      minLength: 1,
      maxLength: 8,
    });
    const list = (values: readonly number[]) =>
      sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      );
    const itemIds = (indexes: readonly number[]) =>
      sql`(select id from line_list_items where line_list_id = ${lineListId} and product_id in (${list(indexes.map((index) => products[index]!))}))`;
    const catalogId = (catalogType: CatalogType) =>
      sql`(select id from catalogs where line_list_id = ${lineListId} and type = ${catalogType})`;
    const write = fc.oneof(
      items.map((indexes) => ({
        label: `offer ${indexes.join(",")}`,
        query: sql`insert into line_list_items (line_list_id, product_id, position)
          select ${lineListId}, p, 0 from unnest(array[${list(indexes.map((index) => products[index]!))}]::int[]) p
          on conflict (line_list_id, product_id) do update set position = excluded.position + 1`,
      })),
      items.map((indexes) => ({
        label: `drop ${indexes.join(",")}`,
        query: sql`delete from line_list_items where id in ${itemIds(indexes)}`,
      })),
      fc.tuple(items, type).map(([indexes, catalogType]) => ({
        label: `place ${indexes.join(",")} in ${catalogType}`,
        query: sql`insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
          select ${catalogId(catalogType)}, ${lineListId}, id from ${itemIds(indexes)} i
          on conflict do nothing`,
      })),
      fc.tuple(items, type).map(([indexes, catalogType]) => ({
        label: `remove ${indexes.join(",")} from ${catalogType}`,
        query: sql`delete from catalog_items where catalog_id = ${catalogId(catalogType)}
          and line_list_item_id in ${itemIds(indexes)}`,
      })),
      fc.tuple(items, type, type).map(([indexes, from, to]) => ({
        label: `move ${indexes.join(",")} from ${from} to ${to}`,
        query: sql`update catalog_items set catalog_id = ${catalogId(to)}
          where catalog_id = ${catalogId(from)} and line_list_item_id in ${itemIds(indexes)}
            and line_list_item_id not in (select line_list_item_id from catalog_items where catalog_id = ${catalogId(to)})`,
      })),
      fc.tuple(items, type).map(([indexes, catalogType]) => ({
        label: `place ${indexes.join(",")} only in ${catalogType}`,
        query: sql`with gone as (
            delete from catalog_items where line_list_id = ${lineListId} and catalog_id <> ${catalogId(catalogType)}
              and line_list_item_id in ${itemIds(indexes)} returning 1)
          select count(*) from gone`,
      })),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        await db().execute(sql`delete from line_list_items where line_list_id = ${lineListId}`);
        for (const { label, query } of writes) {
          await db().execute(query);
          await expectCountsRight(db(), label);
        }
      }),
      { numRuns: 40 },
    );
  });
});
