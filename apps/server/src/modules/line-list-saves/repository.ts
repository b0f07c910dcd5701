import { and, desc, eq, sql } from "drizzle-orm";
import type { CatalogType } from "@cm/contracts/catalogs";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { users } from "../../db/core-schema.ts";
import { lineListSaves, lineListSaveStyles } from "./schema.ts";
import { fieldColumns, sharedFields, type StyleSnapshot } from "./snapshot.ts";

const personName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

const saveColumns = {
  id: lineListSaves.id,
  lineListId: lineListSaves.lineListId,
  kind: lineListSaves.kind,
  savedAt: lineListSaves.savedAt,
  savedBy: personName,
  fileName: lineListSaves.fileName,
  counts: lineListSaves.counts,
  undoes: lineListSaves.undoes,
  undoneBy: lineListSaves.undoneBy,
};

export type SaveRow = Awaited<ReturnType<typeof findSaves>>[number];

/** A line list's saves, newest first, with the name of the person who saved. */
export async function findSaves(db: DbExecutor, lineListId: number) {
  return db
    .select(saveColumns)
    .from(lineListSaves)
    .leftJoin(users, eq(users.id, lineListSaves.savedBy))
    .where(eq(lineListSaves.lineListId, lineListId))
    .orderBy(desc(lineListSaves.id));
}

/** One save of the line list; `lock` holds it for the rest of the transaction. */
export async function findSave(
  db: DbExecutor,
  lineListId: number,
  saveId: number,
  options: { lock?: boolean } = {},
): Promise<SaveRow | undefined> {
  const query = db
    .select(saveColumns)
    .from(lineListSaves)
    .leftJoin(users, eq(users.id, lineListSaves.savedBy))
    .where(and(eq(lineListSaves.id, saveId), eq(lineListSaves.lineListId, lineListId)));
  const [row] = options.lock ? await query.for("update", { of: lineListSaves }) : await query;
  return row;
}

export async function findSaveStyles(db: DbExecutor, saveId: number) {
  return db.select().from(lineListSaveStyles).where(eq(lineListSaveStyles.saveId, saveId));
}

/** Of these products, those an order line of the line list uses. */
export async function findOrderedProducts(
  db: DbExecutor,
  lineListId: number,
  productIds: readonly number[],
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = rowsOf<{ product_id: number }>(
    await db.execute(sql`
      select distinct ol.product_id from order_lines ol
      where ol.line_list_id = ${lineListId}
        and ol.product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int)`),
  );
  return new Set(rows.map((row) => Number(row.product_id)));
}

/** The line list's catalogs, by type, and whether it is published. */
export async function findLineListCatalogs(
  db: DbExecutor,
  lineListId: number,
): Promise<{ published: boolean; name: string; catalogs: Map<CatalogType, number> }> {
  const rows = rowsOf<{ published: boolean; name: string; id: number | null; type: CatalogType | null }>(
    await db.execute(sql`
      select l.published, l.name, c.id, c.type
      from line_lists l left join catalogs c on c.line_list_id = l.id
      where l.id = ${lineListId}`),
  );
  return {
    published: rows[0]?.published ?? false,
    name: rows[0]?.name ?? "",
    catalogs: new Map(rows.filter((row) => row.id !== null).map((row) => [row.type!, Number(row.id)])),
  };
}

export interface PublishedCatalogRow {
  catalogId: number;
  type: CatalogType;
  lineListId: number;
  lineListName: string;
  styles: number;
}

/** Catalogs of OTHER published line lists that show these products, with how many of them each. */
export async function findOtherPublishedCatalogs(
  db: DbExecutor,
  lineListId: number,
  productIds: readonly number[],
): Promise<PublishedCatalogRow[]> {
  if (productIds.length === 0) return [];
  const rows = rowsOf<PublishedCatalogRow>(
    await db.execute(sql`
      select c.id as "catalogId", c.type, l.id as "lineListId", l.name as "lineListName",
        count(distinct li.product_id)::int as styles
      from line_list_items li
      join line_lists l on l.id = li.line_list_id and l.published
      join catalog_items ci on ci.line_list_item_id = li.id
      join catalogs c on c.id = ci.catalog_id
      where li.line_list_id <> ${lineListId}
        and li.product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int)
      group by c.id, c.type, l.id, l.name
      order by l.id, c.type`),
  );
  return rows.map((row) => ({ ...row, catalogId: Number(row.catalogId), styles: Number(row.styles) }));
}

/* ---------------------------------------------------------------------------------------------
 * The undo's writes: each a statement for all the styles concerned (a list travels as one JSON
 * parameter), never one per style.
 * ------------------------------------------------------------------------------------------- */

const sharedColumnList = sharedFields.map((field) => fieldColumns[field]);
/** `product_id` and the shared fields, as `jsonb_to_recordset` reads them. */
const sharedRecordText = [
  "product_id int",
  ...sharedColumnList.map(
    (column) =>
      `${column} ${column === "image_urls" ? "text[]" : column === "extra_attributes" ? "jsonb" : "text"}`,
  ),
].join(", ");
const sharedRecordColumns = sql.raw(sharedRecordText);

/** Sets the shared fields of products to the values given (each row the whole set of them). */
export async function writeSharedFields(
  tx: DbExecutor,
  rows: readonly Pick<StyleSnapshot, "product_id" | (typeof sharedFields)[number]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const set = sql.raw(sharedColumnList.map((column) => `${column} = x.${column}`).join(", "));
  await tx.execute(sql`
    update products p set ${set}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sharedRecordColumns})
    where p.id = x.product_id`);
}

/**
 * Sets the line list's offer of products to the values given; the product's own copy (its
 * latest offer) goes back too where it still holds the value the save wrote.
 */
export async function writeOffers(
  tx: DbExecutor,
  lineListId: number,
  rows: readonly {
    product_id: number;
    msrp: string | null;
    wholesale_price: string | null;
    expected_shipped_date: string | null;
    /** The fields reverted, each with the value the save wrote. */
    reverted: Record<string, string | null>;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows);
  await tx.execute(sql`
    update line_list_items li
    set msrp = x.msrp, wholesale_price = x.wholesale_price, expected_ship_date = x.expected_shipped_date
    from jsonb_to_recordset(${json}::jsonb)
      as x(product_id int, msrp numeric, wholesale_price numeric, expected_shipped_date date)
    where li.line_list_id = ${lineListId} and li.product_id = x.product_id`);
  const latest = (field: string, column: string, type: string) =>
    sql.raw(`${column} = case when x.reverted ? '${field}'
      and p.${column} is not distinct from (x.reverted->>'${field}')::${type} then x.${field} else p.${column} end`);
  await tx.execute(sql`
    update products p
    set ${latest("msrp", "msrp", "numeric")}, ${latest("wholesale_price", "wholesale_price", "numeric")},
      ${latest("expected_shipped_date", "expected_ship_date", "date")}
    from jsonb_to_recordset(${json}::jsonb)
      as x(product_id int, msrp numeric, wholesale_price numeric, expected_shipped_date date, reverted jsonb)
    where p.id = x.product_id`);
}

/**
 * Makes each product's sizes exactly the ones given, in their order. A size whose SKU stays keeps
 * its row (its available quantity with it).
 */
export async function writeSizes(
  tx: DbExecutor,
  rows: readonly { product_id: number; sizes: { size: string; sku: string }[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows);
  await tx.execute(sql`
    delete from product_sizes z
    using jsonb_to_recordset(${json}::jsonb) as x(product_id int, sizes jsonb)
    where z.product_id = x.product_id
      and not exists (select 1 from jsonb_array_elements(x.sizes) e where e->>'sku' = z.sku)`);
  await tx.execute(sql`
    insert into product_sizes (product_id, size, sku, position)
    select x.product_id, e.value->>'size', e.value->>'sku', (e.ordinality - 1)::int
    from jsonb_to_recordset(${json}::jsonb) as x(product_id int, sizes jsonb)
    cross join lateral jsonb_array_elements(x.sizes) with ordinality as e(value, ordinality)
    on conflict (product_id, sku) do update set size = excluded.size, position = excluded.position`);
}

/** A new revision for products an undo wrote. */
export async function bumpProducts(tx: DbExecutor, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    update products set revision = revision + 1, updated_at = now()
    where id in (select jsonb_array_elements_text(${JSON.stringify([...new Set(productIds)])}::jsonb)::int)`);
}

/**
 * Takes these products out of the line list (their placements with them), then deletes those of
 * them no line list offers any more and no order line uses (their sizes with them).
 */
export async function removeStyles(
  tx: DbExecutor,
  lineListId: number,
  productIds: readonly number[],
): Promise<{ productsDeleted: number }> {
  if (productIds.length === 0) return { productsDeleted: 0 };
  const ids = JSON.stringify(productIds);
  await tx.execute(sql`
    delete from line_list_items
    where line_list_id = ${lineListId}
      and product_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`);
  const deleted = rowsOf<{ id: number }>(
    await tx.execute(sql`
      delete from products p
      where p.id in (select jsonb_array_elements_text(${ids}::jsonb)::int)
        and not exists (select 1 from line_list_items li where li.product_id = p.id)
        and not exists (select 1 from order_lines ol where ol.product_id = p.id)
      returning p.id`),
  );
  return { productsDeleted: deleted.length };
}

/**
 * Brings styles back into the line list as the snapshots have them: the product (created with its
 * shared fields when the brand has none of that model code any more; an existing one keeps its
 * fields), its sizes whose SKU it lacks (after its own), the line list's item with its offer and
 * position, and its placements in the line list's catalogs (`catalogIds`, which must exist). Each
 * statement reads one flat JSON list: the ids are matched here, so no statement joins the lists
 * with the tables (the embedded database plans such joins poorly on rows it has no statistics of).
 */
export async function restoreStyles(
  tx: DbExecutor,
  lineListId: number,
  brandId: number,
  styles: readonly StyleSnapshot[],
  catalogIds: ReadonlyMap<CatalogType, number>,
): Promise<void> {
  if (styles.length === 0) return;
  const sharedList = sql.raw(sharedColumnList.join(", "));
  const sharedValues = sql.raw(sharedColumnList.map((column) => `x.${column}`).join(", "));
  await tx.execute(sql`
    insert into products (brand_id, model_code, ${sharedList}, msrp, wholesale_price, expected_ship_date)
    select ${brandId}, x.model_code, ${sharedValues}, x.msrp, x.wholesale_price, x.expected_shipped_date
    from jsonb_to_recordset(${JSON.stringify(styles)}::jsonb) as x(${sql.raw(sharedRecordText)},
      model_code text, msrp numeric, wholesale_price numeric, expected_shipped_date date)
    on conflict (brand_id, model_code) do nothing`);

  // Each product's id and the SKUs it has, with the next free position: one JSON value.
  const [found] = rowsOf<{
    products: { id: number; model_code: string; skus: string[]; next: number }[] | null;
  }>(
    await tx.execute(sql`
      select json_agg(json_build_object('id', p.id, 'model_code', p.model_code,
        'skus', coalesce(z.skus, '[]'::json), 'next', coalesce(z.next, 0))) as products
      from products p
      left join (
        select product_id, json_agg(sku) as skus, max(position) + 1 as next from product_sizes group by product_id
      ) z on z.product_id = p.id
      where p.brand_id = ${brandId}
        and p.model_code in (select jsonb_array_elements_text(${JSON.stringify(styles.map((style) => style.model_code))}::jsonb))`),
  );
  const products = new Map((found?.products ?? []).map((product) => [product.model_code, product]));

  const sizes: { product_id: number; size: string; sku: string; position: number }[] = [];
  for (const style of styles) {
    const product = products.get(style.model_code)!;
    const known = new Set(product.skus);
    let position = product.next;
    for (const item of style.sizes) {
      if (known.has(item.sku)) continue;
      known.add(item.sku);
      sizes.push({ product_id: product.id, size: item.size, sku: item.sku, position: position++ });
    }
  }
  for (let start = 0; start < sizes.length; start += 10_000) {
    await tx.execute(sql`
      insert into product_sizes (product_id, size, sku, position)
      select x.product_id, x.size, x.sku, x.position
      from jsonb_to_recordset(${JSON.stringify(sizes.slice(start, start + 10_000))}::jsonb)
        as x(product_id int, size text, sku text, position int)
      on conflict (product_id, sku) do nothing`);
  }

  const items = rowsOf<{ id: number; product_id: number }>(
    await tx.execute(sql`
      insert into line_list_items (line_list_id, product_id, position, msrp, wholesale_price, expected_ship_date)
      select ${lineListId}, x.product_id, x.position, x.msrp, x.wholesale_price, x.expected_shipped_date
      from jsonb_to_recordset(${JSON.stringify(
        styles.map((style) => ({
          product_id: products.get(style.model_code)!.id,
          position: style.position,
          msrp: style.msrp,
          wholesale_price: style.wholesale_price,
          expected_shipped_date: style.expected_shipped_date,
        })),
      )}::jsonb) as x(product_id int, position int, msrp numeric, wholesale_price numeric, expected_shipped_date date)
      on conflict (line_list_id, product_id) do nothing
      returning id, product_id`),
  );
  const itemIds = new Map(items.map((item) => [Number(item.product_id), Number(item.id)]));
  const placements = styles.flatMap((style) => {
    const itemId = itemIds.get(products.get(style.model_code)!.id);
    return itemId === undefined
      ? []
      : style.catalogs
          .filter((type) => catalogIds.has(type))
          .map((type) => ({ catalog_id: catalogIds.get(type)!, item_id: itemId }));
  });
  if (placements.length > 0) {
    await tx.execute(sql`
      insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
      select x.catalog_id, ${lineListId}, x.item_id
      from jsonb_to_recordset(${JSON.stringify(placements)}::jsonb) as x(catalog_id int, item_id int)
      on conflict do nothing`);
  }
}

/** A new revision for the line list's catalogs of these types (their items changed). */
export async function bumpCatalogs(
  tx: DbExecutor,
  lineListId: number,
  types: readonly CatalogType[],
): Promise<void> {
  if (types.length === 0) return;
  await tx.execute(sql`
    update catalogs set revision = revision + 1, updated_at = now()
    where line_list_id = ${lineListId}
      and type in (select jsonb_array_elements_text(${JSON.stringify(types)}::jsonb))`);
}
