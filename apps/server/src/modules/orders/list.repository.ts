import type { OrderListFilters, OrderSort } from "@cm/contracts/orders";
import { orderStatusValues } from "@cm/contracts/orders";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { cappedTotal, countLimit } from "../../lib/pagination.ts";
import { orderListItemColumns, orderListItemJoins, type OrderListItemRow } from "./repository.ts";

/* The orders list's SQL: its filters, the search, the sort and the capped count. */

const statusOrder = sql.raw(`array[${orderStatusValues.map((status) => `'${status}'`).join(", ")}]`);

const sortExpressions: Record<string, SQL> = {
  placedAt: sql`o.placed_at`,
  customer: sql`lower(org.name)`,
  store: sql`lower(s.name)`,
  brands: sql`(select min(lower(b.name)) from order_brands ob join brands b on b.id = ob.brand_id where ob.order_id = o.id)`,
  status: sql`array_position(${statusOrder}, o.status)`,
  units: sql`o.units`,
  totalWhs: sql`o.total_whs`,
};

/**
 * The one sort expression that can be null (an order without lines has no brand). The others are
 * never null, so they sort without a nulls clause: plain `desc` is what a backward scan of an
 * ascending index gives, and the newest-first list reads `orders_placed_at_idx` (or the status
 * one) up to the page instead of sorting every order.
 */
const nullableSorts = new Set(["brands"]);

/** A sort value's column key, and whether it is descending (a leading "-"). */
function sortKey(sort: OrderSort): { key: string; descending: boolean } {
  const descending = sort.startsWith("-");
  return { key: descending ? sort.slice(1) : sort, descending };
}

function orderBy(sort: OrderSort): SQL {
  const { key, descending } = sortKey(sort);
  const expression = sortExpressions[key]!;
  const nulls = nullableSorts.has(key) ? (descending ? " nulls last" : " nulls first") : "";
  const direction = sql.raw(`${descending ? "desc" : "asc"}${nulls}`);
  const tie = sql.raw(descending ? "desc" : "asc");
  return sql`${expression} ${direction}, o.id ${tie}`;
}

/** Whether the sort reads the customer's or the store's name, which the orders row does not hold. */
function sortsByName(sort: OrderSort): boolean {
  const { key } = sortKey(sort);
  return key === "customer" || key === "store";
}

/** `\`, `%` and `_` taken literally in an ILIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An order number as typed: "SO-000042", "so-42" or "42". */
function orderIdOf(q: string): number | undefined {
  const match = /^(?:so-?)?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * What a search `q` matches: orders of a customer or a store whose name holds it, or the order
 * whose number it is. The customers and stores are found first (a few hundred rows) and their ids
 * go into the orders' query as values, so the planner sees how many there are: a few orders are
 * read through `orders_organization_placed_at_idx` and `orders_store_placed_at_idx`, many by the
 * newest-first index up to the page, none at all when no name matches. Matching each order's
 * joined names instead reads every order, even for a search that matches nothing.
 */
async function searchCondition(db: DbExecutor, q: string): Promise<SQL> {
  const pattern = likePattern(q);
  const { organizations, stores } = rowsOf<{ organizations: number[]; stores: number[] }>(
    await db.execute(sql`select
      array(select id from organizations where name ilike ${pattern}) as organizations,
      array(select id from stores where name ilike ${pattern}) as stores`),
  )[0]!;
  // An array literal, one parameter: the planner sees its ids when it plans the orders' query.
  const anyOf = (column: SQL, ids: number[]) =>
    ids.length > 0 ? [sql`${column} = any(${`{${ids.join(",")}}`}::int[])`] : [];
  const matches = [...anyOf(sql`o.organization_id`, organizations), ...anyOf(sql`o.store_id`, stores)];
  const id = orderIdOf(q);
  if (id !== undefined) matches.push(sql`o.id = ${id}`);
  return matches.length === 0 ? sql`false` : sql`(${sql.join(matches, sql` or `)})`;
}

function listConditions(filters: OrderListFilters, timeZone: string, search: SQL | undefined): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.status) conditions.push(sql`o.status = ${filters.status}`);
  if (filters.from)
    conditions.push(sql`o.placed_at >= (${filters.from}::date::timestamp at time zone ${timeZone})`);
  if (filters.to) {
    conditions.push(sql`o.placed_at < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`);
  }
  if (filters.organizationId) conditions.push(sql`o.organization_id = ${filters.organizationId}`);
  if (filters.storeId) conditions.push(sql`o.store_id = ${filters.storeId}`);
  if (filters.orderType) conditions.push(sql`o.order_type = ${filters.orderType}`);
  if (filters.multibrand !== undefined) conditions.push(sql`o.multibrand = ${filters.multibrand}`);
  if (filters.brandId) {
    conditions.push(
      sql`exists (select 1 from order_brands ob where ob.order_id = o.id and ob.brand_id = ${filters.brandId})`,
    );
  }
  if (filters.lineListId) {
    conditions.push(
      sql`exists (select 1 from order_lines ol where ol.line_list_id = ${filters.lineListId} and ol.order_id = o.id)`,
    );
  }
  if (search) conditions.push(search);
  return sql.join(conditions, sql` and `);
}

export async function listOrderRows(
  db: DbExecutor,
  filters: OrderListFilters,
  timeZone: string,
): Promise<{ rows: OrderListItemRow[]; total: number; totalIsLowerBound: boolean }> {
  const search = filters.q ? await searchCondition(db, filters.q) : undefined;
  const where = listConditions(filters, timeZone, search);
  const offset = (filters.page - 1) * filters.pageSize;
  const order = orderBy(filters.sort);
  // The page's ids first, then their columns: the skipped rows before the page are not joined to
  // their customer and store nor given their brands, and with the list's newest-first sort the ids
  // come from `orders_status_placed_at_idx` alone. Every order has its organization and store
  // (foreign keys): the ids join them only when the sort looks at their names.
  const pageJoins = sortsByName(filters.sort) ? orderListItemJoins : sql``;
  const [rows, [count]] = await Promise.all([
    db.execute(sql`
      select ${orderListItemColumns}
      from orders o ${orderListItemJoins}
      where o.id in (
        select o.id from orders o ${pageJoins}
        where ${where}
        order by ${order}
        limit ${filters.pageSize} offset ${offset}
      )
      order by ${order}
    `),
    // A capped count (lib/pagination.ts): the 8,000 orders of a status and a brand in a large
    // database are not all read for the page's "of 1,100+". It joins neither the customer nor the
    // store (a search finds their ids first): a status and a brand are counted by merging
    // `orders_status_id_idx` with the brand's `order_brands`, from the indexes alone.
    db
      .execute(
        sql`select count(*)::int as counted from (
          select 1 from orders o where ${where} limit ${countLimit(offset)}
        ) matching`,
      )
      .then((result) => rowsOf<{ counted: number }>(result)),
  ]);
  return { rows: rowsOf<OrderListItemRow>(rows), ...cappedTotal(count?.counted ?? 0, offset) };
}
