import { sql } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { noDiscountSql, unitWhsSql } from "../orders/price.ts";
import type { OrderLineListRow } from "../orders/repository.ts";
import { sizePlaceJoin, sizeScaleOrder } from "../size-scales/repository.ts";

/** A style of a form: one row, its sizes as columns. */
export interface FormStyleRow {
  productId: number;
  modelCode: string;
  name: string | null;
  color: string | null;
  msrp: string;
  /** At the brand's wholesale factor, before any customer's discount. */
  whs: string;
  /** In the brand's scale order. */
  sizes: FormSize[];
}

/** A size of a form's style, with where its brand's scale puts it (none for a label not placed yet). */
export interface FormSize {
  sku: string;
  size: string;
  /** Its step as a column header shows it ("8" for "8 W"); the label itself when not placed. */
  step?: string;
  stepOrder?: number | null;
  /** "" for none. */
  width?: string;
  widthOrder?: number | null;
}

/**
 * The styles of the line list a store could order (in at least one of its catalogs, with a
 * wholesale price or an MSRP: the rule of `priceOrderLines`), in the line list's order, with their sizes: one query.
 */
export async function findFormStyles(db: DbExecutor, lineListId: number): Promise<FormStyleRow[]> {
  const whs = unitWhsSql({
    // The line list's own offer (issue 33), not the product's latest.
    msrp: sql`lli.msrp`,
    wholesalePrice: sql`lli.wholesale_price`,
    wholesaleFactor: sql`b.wholesale_factor`,
    discountPercent: noDiscountSql,
  });
  return rowsOf<FormStyleRow>(
    await db.execute(sql`
      select p.id as "productId", p.model_code as "modelCode", p.silhouette as name, p.color,
        lli.msrp::text as msrp, ${whs}::text as whs,
        coalesce((
          select json_agg(
              json_build_object('sku', ps.sku, 'size', ps.size, 'step', coalesce(ssl.step_label, ps.size),
                'stepOrder', ssl.step_order, 'width', coalesce(ssl.width, ''), 'widthOrder', ssl.width_order)
              order by ${sizeScaleOrder(sql`ps`)})
          from product_sizes ps ${sizePlaceJoin(sql`ps`, sql`p.brand_id`)} where ps.product_id = p.id
        ), '[]'::json) as sizes
      from line_list_items lli
      join line_lists ll on ll.id = lli.line_list_id
      join brands b on b.id = ll.brand_id
      join products p on p.id = lli.product_id
      where lli.line_list_id = ${lineListId}
        and coalesce(lli.wholesale_price, lli.msrp) is not null
        and exists (select 1 from catalog_items ci where ci.line_list_item_id = lli.id)
      order by lli.position, lli.id
    `),
  );
}

/** A line list as `findOrderLineLists` reads it, with whether its form can still be ordered from. */
export type FormLineListRow = Omit<OrderLineListRow, "published" | "stage" | "wholesaleFactor"> & {
  /** A pre-book whose deadline for orders is before today in `timeZone`: no line can be ordered. */
  pastDeadline: boolean;
};

/**
 * The published line lists, by brand then name, each with whether its deadline for orders has
 * passed: the same calendar as `priceOrderLines`, which takes orders up to the deadline's day.
 */
export async function findPublishedLineLists(db: DbExecutor, timeZone: string): Promise<FormLineListRow[]> {
  return rowsOf<FormLineListRow>(
    await db.execute(sql`
      select ll.id, ll.name, b.id as "brandId", b.name as "brandName", ll.type,
        ll.deadline::text as deadline, ll.date_of_availability::text as "dateOfAvailability",
        coalesce(ll.type = 'pre-book' and ll.deadline < (now() at time zone ${timeZone})::date, false)
          as "pastDeadline"
      from line_lists ll join brands b on b.id = ll.brand_id
      where ll.stage = 'saved' and ll.published
      order by lower(b.name), lower(ll.name), ll.id
    `),
  );
}

/** The store a form is for, named in its header block. */
export interface NamedStoreRow {
  storeId: number;
  organizationId: number;
}

/**
 * The active stores of active customers that a form's names match: customer and store names
 * compared trimmed and ignoring case, either one alone when the other is blank. At most two rows:
 * one is a match, two are not.
 */
export async function findStoresByNames(
  db: DbExecutor,
  names: { customerName: string | null; storeName: string | null },
): Promise<NamedStoreRow[]> {
  const same = (column: ReturnType<typeof sql>, name: string) =>
    sql`lower(btrim(${column})) = lower(btrim(${name}))`;
  return rowsOf<NamedStoreRow>(
    await db.execute(sql`
      select s.id as "storeId", o.id as "organizationId"
      from stores s join organizations o on o.id = s.organization_id
      where o.type = 'external' and o.status = 'active' and s.status = 'active'
        ${names.customerName === null ? sql`` : sql`and ${same(sql`o.name`, names.customerName)}`}
        ${names.storeName === null ? sql`` : sql`and ${same(sql`s.name`, names.storeName)}`}
      order by s.id
      limit 2
    `),
  );
}
