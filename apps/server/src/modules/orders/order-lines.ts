import { lineListTypeLabels, type LineListType } from "@cm/contracts/line-lists";
import {
  orderMessages,
  orderTypeOfLineListType,
  type OrderLineInput,
  type OrderType,
} from "@cm/contracts/orders";
import { sql } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { brandDiscountSql, unitWhsSql } from "./price.ts";
import { findOrderStore, type OrderStore } from "./repository.ts";
import { lineListPublishedSql } from "../line-lists/published.ts";

/** A line the store can order, priced for its organization when it was resolved. */
export interface PricedOrderLine {
  /** Its position in the request. */
  index: number;
  lineListId: number;
  productId: number;
  brandId: number;
  brandName: string;
  modelCode: string;
  styleName: string | null;
  color: string | null;
  imageUrl: string | null;
  sku: string;
  size: string;
  quantity: number;
  msrp: string;
  unitWhs: string;
  lineTotal: string;
  /** Future stock: when the line list's goods are available. */
  dateOfAvailability: string | null;
}

/** A line that cannot be ordered: which one, and why (a message from the contracts). */
export interface RefusedOrderLine {
  index: number;
  sku: string;
  field: "sku" | "quantity";
  reason: string;
}

export interface PriceOrderLinesInput {
  storeId: number;
  orderType: OrderType;
  lines: readonly OrderLineInput[];
  /** The zone whose calendar says whether a pre-book deadline has passed (config.TZ). */
  timeZone?: string;
  /** When the order is written, for the deadline (now by default; the demo seed writes the past). */
  at?: Date;
}

export interface PricedOrderLines {
  store: OrderStore;
  lines: PricedOrderLine[];
  refused: RefusedOrderLine[];
}

interface ResolvedRow {
  idx: number;
  lineListFound: boolean;
  published: boolean | null;
  lineListType: LineListType | null;
  deadline: string | null;
  dateOfAvailability: string | null;
  today: string;
  brandId: number | null;
  brandName: string | null;
  productId: number | null;
  modelCode: string | null;
  styleName: string | null;
  color: string | null;
  imageUrl: string | null;
  size: string | null;
  inCatalog: boolean | null;
  msrp: string | null;
  unitWhs: string | null;
  lineTotal: string | null;
}

/** Resolves requested lines against the saved line lists in one statement, and prices each. */
async function resolveLines(
  db: DbExecutor,
  organizationId: number,
  lines: readonly OrderLineInput[],
  timeZone: string,
  at: Date,
): Promise<ResolvedRow[]> {
  const input = JSON.stringify(
    lines.map((line, idx) => ({
      idx,
      line_list_id: line.lineListId,
      sku: line.sku,
      quantity: line.quantity,
    })),
  );
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as l(idx int, line_list_id int, sku text, quantity int)
    )
    select
      i.idx,
      ll.id is not null as "lineListFound",
      ${lineListPublishedSql()} as published,
      ll.type as "lineListType",
      ll.deadline::text as deadline,
      ll.date_of_availability::text as "dateOfAvailability",
      (${at.toISOString()}::timestamptz at time zone ${timeZone})::date::text as today,
      b.id as "brandId",
      b.name as "brandName",
      p.id as "productId",
      p.model_code as "modelCode",
      p.silhouette as "styleName",
      p.color,
      p.image_urls[1] as "imageUrl",
      s.size,
      s.in_catalog as "inCatalog",
      s.msrp::text as msrp,
      price.unit_whs::text as "unitWhs",
      (i.quantity * price.unit_whs)::numeric(14, 2)::text as "lineTotal"
    from input i
    left join line_lists ll on ll.id = i.line_list_id and ll.stage = 'saved'
    left join brands b on b.id = ll.brand_id
    left join lateral (
      select ps.size, lli.product_id, lli.msrp, lli.wholesale_price,
        exists (select 1 from catalog_items ci where ci.line_list_item_id = lli.id) as in_catalog
      from product_sizes ps
      join line_list_items lli on lli.product_id = ps.product_id and lli.line_list_id = ll.id
      where ps.sku = i.sku
      limit 1
    ) s on true
    left join products p on p.id = s.product_id
    left join lateral (
      select ${unitWhsSql({
        // The line list's own offer (issue 33), not the product's latest.
        msrp: sql`s.msrp`,
        wholesalePrice: sql`s.wholesale_price`,
        wholesaleFactor: sql`b.wholesale_factor`,
        discountPercent: brandDiscountSql(organizationId, sql`b.id`),
      })} as unit_whs
    ) price on true
    order by i.idx
  `);
  return rowsOf<ResolvedRow>(result);
}

function refusalReason(row: ResolvedRow, orderType: OrderType): string | undefined {
  if (!row.lineListFound || !row.lineListType) return orderMessages.lineListNotFound;
  if (!row.published) return orderMessages.lineListNotPublished;
  if (orderTypeOfLineListType[row.lineListType] !== orderType) {
    return orderMessages.lineListWrongType(lineListTypeLabels[row.lineListType], orderType);
  }
  if (row.lineListType === "pre-book" && row.deadline !== null && row.today > row.deadline) {
    return orderMessages.deadlinePassed(row.deadline);
  }
  if (row.productId === null) return orderMessages.skuNotFound;
  if (!row.inCatalog) return orderMessages.styleNotInCatalog;
  // A style is priced from its wholesale price, or else its MSRP (price.ts).
  if (row.unitWhs === null) return orderMessages.styleWithoutPrice;
  return undefined;
}

/**
 * Checks and prices the lines of an order for a store: the store must be an active store of an
 * active customer (else a domain error); every line must name a SKU of a published line list of
 * the order's type whose style sits in one of the line list's catalogs, once. Lines that fail are
 * returned in `refused`, each with its reason, so the caller can name them all at once.
 */
export async function priceOrderLines(
  db: DbExecutor,
  input: PriceOrderLinesInput,
): Promise<PricedOrderLines> {
  const store = await findOrderStore(db, input.storeId);
  const rows = await resolveLines(
    db,
    store.organizationId,
    input.lines,
    input.timeZone ?? "UTC",
    input.at ?? new Date(),
  );
  const lines: PricedOrderLine[] = [];
  const refused: RefusedOrderLine[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const requested = input.lines[row.idx]!;
    const key = `${requested.lineListId}\u0000${requested.sku}`;
    const reason = seen.has(key) ? orderMessages.skuRepeated : refusalReason(row, input.orderType);
    seen.add(key);
    if (reason !== undefined) {
      refused.push({ index: row.idx, sku: requested.sku, field: "sku", reason });
      continue;
    }
    lines.push({
      index: row.idx,
      lineListId: requested.lineListId,
      productId: row.productId!,
      brandId: row.brandId!,
      brandName: row.brandName!,
      modelCode: row.modelCode!,
      styleName: row.styleName,
      color: row.color,
      imageUrl: row.imageUrl,
      sku: requested.sku,
      size: row.size!,
      quantity: requested.quantity,
      msrp: row.msrp!,
      unitWhs: row.unitWhs!,
      lineTotal: row.lineTotal!,
      dateOfAvailability: row.dateOfAvailability,
    });
  }
  return { store, lines, refused };
}

/** Field errors naming each refused line: `lines.<index>.<field>` → "<sku>: <reason>". */
export function refusedLineErrors(refused: readonly RefusedOrderLine[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const line of refused) {
    (errors[`lines.${line.index}.${line.field}`] ??= []).push(`${line.sku}: ${line.reason}`);
  }
  return errors;
}
