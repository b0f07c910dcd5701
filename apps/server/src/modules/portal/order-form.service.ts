import type { OrderFormError } from "@cm/contracts/order-forms";
import { orderFormFileName } from "@cm/contracts/order-forms";
import { portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import { portalOrderFormMessages, type PortalOrderFormPreview } from "@cm/contracts/portal-users";
import { sql } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { NotFoundError } from "../../lib/errors.ts";
import type { PortalContext } from "../auth/api-guard.ts";
import { readOrderForm } from "../order-forms/form-reader.ts";
import { writeOrderForm } from "../order-forms/form-writer.ts";
import { findFormStyles } from "../order-forms/repository.ts";
import { priceOrderForm } from "../order-forms/service.ts";
import { brandDiscountSql, unitWhsSql } from "../orders/price.ts";
import { findOrderLineLists } from "../orders/repository.ts";
import { catalogVisibleSql, findPortalStore, itemVisibleSql, type PortalStore } from "./visibility.ts";

/**
 * The portal's order form (issue 34): the staff order form (modules/order-forms) cut to what the
 * store may see and priced at its organization's discount; and a filled one read into the lines
 * the store may order, for the cart. The visibility rule is visibility.ts's.
 */

/** 404 unless some catalog of the line list is visible to the store. */
async function requireVisibleLineList(db: DbExecutor, storeId: number, lineListId: number): Promise<void> {
  const [visible] = rowsOf<{ id: number }>(
    await db.execute(sql`select ll.id from line_lists ll join catalogs c on c.line_list_id = ll.id
      where ll.id = ${lineListId} and ${catalogVisibleSql(storeId)} limit 1`),
  );
  if (!visible) throw new NotFoundError(portalCatalogMessages.lineListNotFound);
}

/** The styles of the line list the store may order, with their WHS at the organization's discount. */
async function findVisibleStylePrices(
  db: DbExecutor,
  store: PortalStore,
  lineListId: number,
): Promise<Map<number, string>> {
  const whs = unitWhsSql({
    msrp: sql`li.msrp`,
    wholesalePrice: sql`li.wholesale_price`,
    wholesaleFactor: sql`b.wholesale_factor`,
    discountPercent: brandDiscountSql(store.organizationId, sql`b.id`),
  });
  const rows = rowsOf<{ productId: number; whs: string }>(
    await db.execute(sql`
      select li.product_id as "productId", ${whs}::text as whs
      from line_list_items li join line_lists ll on ll.id = li.line_list_id join brands b on b.id = ll.brand_id
      where li.line_list_id = ${lineListId} and ${itemVisibleSql(store.id)}`),
  );
  return new Map(rows.map((row) => [row.productId, row.whs]));
}

async function organizationName(db: DbExecutor, organizationId: number): Promise<string> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from organizations where id = ${organizationId}`),
  );
  return row?.name ?? "";
}

/** `GET /api/portal/line-lists/{id}/order-form?storeId=`: the form for the store, naming it. */
export async function getPortalOrderForm(
  db: DbExecutor,
  userId: number,
  portal: PortalContext,
  lineListId: number,
  storeId: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  const store = await findPortalStore(db, userId, portal, storeId);
  await requireVisibleLineList(db, store.id, lineListId);
  const [lineList] = await findOrderLineLists(db, [lineListId]);
  if (!lineList) throw new NotFoundError(portalCatalogMessages.lineListNotFound);
  const prices = await findVisibleStylePrices(db, store, lineListId);
  const styles = (await findFormStyles(db, lineListId))
    .filter((style) => style.sizes.length > 0 && prices.has(style.productId))
    .map((style) => ({ ...style, whs: prices.get(style.productId)! }));
  const named = {
    customerName: await organizationName(db, store.organizationId),
    storeName: store.name,
    whsNote: portalOrderFormMessages.whsNote,
  };
  return {
    fileName: orderFormFileName(lineList.brandName, lineList.name),
    bytes: await writeOrderForm(lineList, styles, named),
  };
}

/** The SKUs of the line list the store may order. */
async function findVisibleSkus(db: DbExecutor, storeId: number, lineListId: number): Promise<Set<string>> {
  const rows = rowsOf<{ sku: string }>(
    await db.execute(sql`
      select ps.sku from line_list_items li
      join line_lists ll on ll.id = li.line_list_id
      join product_sizes ps on ps.product_id = li.product_id
      where li.line_list_id = ${lineListId} and ${itemVisibleSql(storeId)}`),
  );
  return new Set(rows.map((row) => row.sku));
}

/**
 * `POST /api/portal/order-form/preview?storeId=`: the filled form read by the order forms' reader
 * and checked as an order would be (priceOrderForm), after the store's visibility: the lines the
 * store may order, and every cell refused with why. Nothing is stored.
 */
export async function previewPortalOrderForm(
  db: DbExecutor,
  timeZone: string,
  userId: number,
  portal: PortalContext,
  storeId: number,
  bytes: Buffer,
): Promise<PortalOrderFormPreview> {
  const store = await findPortalStore(db, userId, portal, storeId);
  const form = await readOrderForm(bytes, "order-form.xlsx");
  await requireVisibleLineList(db, store.id, form.lineListId);
  const visibleSkus = await findVisibleSkus(db, store.id, form.lineListId);
  const notVisible: OrderFormError[] = form.quantities
    .filter((cell) => !visibleSkus.has(cell.sku))
    .map((cell) => ({
      row: cell.row,
      column: cell.column,
      size: cell.size,
      modelCode: cell.modelCode,
      value: String(cell.quantity),
      reason: portalOrderMessages.lineNotVisible,
    }));
  const priced = await priceOrderForm(
    db,
    {
      ...form,
      quantities: form.quantities.filter((cell) => visibleSkus.has(cell.sku)),
      errors: [...form.errors, ...notVisible],
    },
    store.id,
    timeZone,
  );
  return {
    lineListId: form.lineListId,
    lines: priced.lines.map(({ lineListId, sku, quantity }) => ({ lineListId, sku, quantity })),
    refused: priced.errors,
    refusedCount: priced.errorCount,
  };
}
