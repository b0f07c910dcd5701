import type { LineListType } from "@cm/contracts/line-lists";
import type { OrderLineInput } from "@cm/contracts/orders";
import { sql } from "drizzle-orm";
import { rowsOf, type DbExecutor, type Tx } from "../../db/client.ts";
import { itemVisibleSql } from "./visibility.ts";

/* The portal cart's SQL: the cart row, its lines, and what a line names for a store. */

export interface CartRow {
  revision: number;
  updatedAt: Date | string | null;
}

export interface CartLineRow {
  lineListId: number;
  sku: string;
  quantity: number;
}

/** The store's cart, or undefined while it has none. */
export async function findCart(db: DbExecutor, storeId: number): Promise<CartRow | undefined> {
  const [row] = rowsOf<CartRow>(
    await db.execute(
      sql`select revision, updated_at as "updatedAt" from portal_carts where store_id = ${storeId}`,
    ),
  );
  return row;
}

/**
 * The store's cart, locked until the transaction ends; made (at revision 0) when the store has
 * none, so two first writes meet on the same row and one of them sees the other's revision.
 */
export async function lockCart(tx: Tx, storeId: number, organizationId: number): Promise<CartRow> {
  await tx.execute(sql`insert into portal_carts (store_id, organization_id, revision)
    values (${storeId}, ${organizationId}, 0) on conflict (store_id) do nothing`);
  const [row] = rowsOf<CartRow>(
    await tx.execute(sql`select revision, updated_at as "updatedAt" from portal_carts
      where store_id = ${storeId} for update`),
  );
  return row!;
}

/** The cart's lines in the order they were typed. */
export async function findCartLines(db: DbExecutor, storeId: number): Promise<CartLineRow[]> {
  return rowsOf<CartLineRow>(
    await db.execute(sql`select line_list_id as "lineListId", sku, quantity from portal_cart_lines
      where store_id = ${storeId} order by position`),
  );
}

/** Replaces the (locked) cart's lines and moves its revision on. */
export async function replaceCartLines(
  tx: Tx,
  storeId: number,
  lines: readonly CartLineRow[],
  userId: number,
): Promise<void> {
  await tx.execute(sql`delete from portal_cart_lines where store_id = ${storeId}`);
  if (lines.length > 0) {
    const rows = JSON.stringify(
      lines.map((line, position) => ({
        line_list_id: line.lineListId,
        sku: line.sku,
        quantity: line.quantity,
        position,
      })),
    );
    await tx.execute(sql`insert into portal_cart_lines (store_id, line_list_id, sku, quantity, position)
      select ${storeId}, l.line_list_id, l.sku, l.quantity, l.position
      from jsonb_to_recordset(${rows}::jsonb) as l(line_list_id int, sku text, quantity int, position int)`);
  }
  await tx.execute(sql`update portal_carts
    set revision = revision + 1, updated_by_user_id = ${userId}, updated_at = now()
    where store_id = ${storeId}`);
}

/** What a requested line names, for showing it, and whether the store may order it. */
export interface LineTargetRow {
  idx: number;
  lineListName: string | null;
  lineListType: LineListType | null;
  brandId: number | null;
  brandName: string | null;
  modelCode: string | null;
  name: string | null;
  color: string | null;
  imageUrl: string | null;
  size: string | null;
  /** The SKU is a size of a style of the line list placed in a catalog visible to the store. */
  visible: boolean;
}

/**
 * Resolves lines (line list and SKU) for a store in one statement: the line list, its brand, the
 * style and size the SKU names, and whether the store may see it (the portal's one visibility
 * rule, `itemVisibleSql`).
 */
export async function findLineTargets(
  db: DbExecutor,
  storeId: number,
  lines: readonly Pick<OrderLineInput, "lineListId" | "sku">[],
): Promise<LineTargetRow[]> {
  if (lines.length === 0) return [];
  const input = JSON.stringify(
    lines.map((line, idx) => ({ idx, line_list_id: line.lineListId, sku: line.sku })),
  );
  return rowsOf<LineTargetRow>(
    await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as l(idx int, line_list_id int, sku text)
      )
      select i.idx, ll.name as "lineListName", ll.type as "lineListType", b.id as "brandId",
        b.name as "brandName", p.model_code as "modelCode", p.silhouette as name, p.color,
        p.image_urls[1] as "imageUrl", ps.size, coalesce(v.visible, false) as visible
      from input i
      left join line_lists ll on ll.id = i.line_list_id
      left join brands b on b.id = ll.brand_id
      left join lateral (
        select li.id, li.product_id from line_list_items li
        join product_sizes s on s.product_id = li.product_id and s.sku = i.sku
        where li.line_list_id = ll.id
        order by li.id limit 1
      ) item on true
      left join lateral (
        select s.size, s.product_id from product_sizes s where s.sku = i.sku
        order by (s.product_id = item.product_id) desc nulls last, s.id limit 1
      ) ps on true
      left join products p on p.id = ps.product_id
      left join lateral (
        select ${itemVisibleSql(storeId)} as visible from line_list_items li where li.id = item.id
      ) v on true
      order by i.idx
    `),
  );
}
