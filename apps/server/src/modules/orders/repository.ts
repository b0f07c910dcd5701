import type { OrderListFilters, OrderSort, OrderStatus, OrderType } from "@cm/contracts/orders";
import { orderMessages, orderNumberPrefix, orderStatusValues } from "@cm/contracts/orders";
import { eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { orderLines, orders, orderStatusChanges } from "../../db/schema.ts";
import { InvalidError } from "../../lib/errors.ts";
import { cappedTotal, countLimit } from "../../lib/pagination.ts";
import { brandDiscountSql, unitWhsSql } from "./price.ts";

export type OrderRow = typeof orders.$inferSelect;

/** The store an order is written for, with what decides whether it may order. */
export interface OrderStore {
  id: number;
  name: string;
  status: string;
  organizationId: number;
  organizationName: string;
  organizationType: string;
  organizationStatus: string;
}

/**
 * The store of a new order: an active store of an active customer. Anything else is refused as
 * bad input on `storeId`, so the form can say it next to the store picker.
 */
export async function findOrderStore(db: DbExecutor, storeId: number): Promise<OrderStore> {
  const [store] = rowsOf<OrderStore>(
    await db.execute(sql`
      select s.id, s.name, s.status, o.id as "organizationId", o.name as "organizationName",
        o.type as "organizationType", o.status as "organizationStatus"
      from stores s join organizations o on o.id = s.organization_id
      where s.id = ${storeId}
    `),
  );
  const refuse = (message: string) => new InvalidError(message, { storeId: [message] });
  if (!store) throw refuse(orderMessages.storeNotFound);
  if (store.organizationType !== "external") throw refuse(orderMessages.organizationNotCustomer);
  if (store.organizationStatus !== "active") throw refuse(orderMessages.organizationInactive);
  if (store.status !== "active") throw refuse(orderMessages.storeInactive);
  return store;
}

export async function insertOrder(db: DbExecutor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

/** The order, locked until the transaction ends. */
export async function lockOrder(db: DbExecutor, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

export async function insertOrderLines(
  db: DbExecutor,
  orderId: number,
  lines: readonly Omit<typeof orderLines.$inferInsert, "orderId" | "position" | "id">[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(orderLines).values(lines.map((line, position) => ({ ...line, orderId, position })));
}

export async function deleteOrderLines(db: DbExecutor, orderId: number): Promise<void> {
  await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
}

/**
 * Recomputes what the order keeps about its lines (units, total WHS, its brands, multibrand)
 * from the lines themselves, set-based, in the caller's transaction.
 */
export async function refreshOrderSummary(db: DbExecutor, orderId: number): Promise<void> {
  await db.execute(sql`delete from order_brands where order_id = ${orderId}`);
  await db.execute(sql`
    insert into order_brands (order_id, brand_id)
    select distinct ${orderId}::int, brand_id from order_lines where order_id = ${orderId}
  `);
  await db.execute(sql`
    update orders o set
      units = coalesce(t.units, 0),
      total_whs = coalesce(t.total, 0),
      multibrand = coalesce(t.brands, 0) > 1
    from (
      select sum(quantity)::int as units, sum(quantity * unit_whs) as total, count(distinct brand_id) as brands
      from order_lines where order_id = ${orderId}
    ) t
    where o.id = ${orderId}
  `);
}

export async function insertStatusChange(
  db: DbExecutor,
  change: {
    orderId: number;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    actorUserId: number | null;
    /** Now by default; the demo seed writes the past. */
    changedAt?: Date;
  },
): Promise<void> {
  const { changedAt, ...values } = change;
  await db.insert(orderStatusChanges).values({ ...values, ...(changedAt && { changedAt }) });
}

// ---- Reading ----

/** The columns of an order as lists show it (`orderListItemSchema`), over `orders o`. */
export const orderListItemColumns = sql`
  o.id,
  ${orderNumberPrefix} || lpad(o.id::text, 6, '0') as number,
  o.organization_id as "organizationId",
  org.name as "organizationName",
  o.store_id as "storeId",
  s.name as "storeName",
  o.placed_at as "placedAt",
  o.order_type as "orderType",
  o.status,
  o.multibrand,
  coalesce((
    select json_agg(json_build_object('id', b.id, 'name', b.name) order by lower(b.name), b.id)
    from order_brands ob join brands b on b.id = ob.brand_id
    where ob.order_id = o.id
  ), '[]'::json) as brands,
  o.units,
  o.total_whs::text as "totalWhs",
  o.revision as "_revision"
`;

/** What the list columns join to. */
export const orderListItemJoins = sql`
  join organizations org on org.id = o.organization_id
  join stores s on s.id = o.store_id
`;

export interface OrderListItemRow {
  id: number;
  number: string;
  organizationId: number;
  organizationName: string;
  storeId: number;
  storeName: string;
  placedAt: Date | string;
  orderType: OrderType;
  status: OrderStatus;
  multibrand: boolean;
  brands: { id: number; name: string }[];
  units: number;
  totalWhs: string;
  _revision: number;
}

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
 * joined names read every order instead: 55 ms for a search matching nothing among 50,000.
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

export interface OrderDetailRow extends OrderListItemRow {
  shipDate: string | null;
  placedById: number | null;
  placedByName: string | null;
}

export async function findOrderDetailRow(db: DbExecutor, id: number): Promise<OrderDetailRow | undefined> {
  const [row] = rowsOf<OrderDetailRow>(
    await db.execute(sql`
      select ${orderListItemColumns},
        o.ship_date::text as "shipDate",
        u.id as "placedById",
        nullif(trim(u.first_name || ' ' || u.last_name), '') as "placedByName"
      from orders o ${orderListItemJoins}
      left join users u on u.id = o.placed_by_user_id
      where o.id = ${id}
    `),
  );
  return row;
}

export interface OrderLineRow {
  id: number;
  lineListId: number;
  sku: string;
  size: string;
  productId: number;
  modelCode: string;
  styleName: string | null;
  color: string | null;
  imageUrl: string | null;
  brandId: number;
  brandName: string;
  quantity: number;
  unitWhs: string;
  msrp: string;
  lineTotal: string;
}

export async function findOrderLineRows(db: DbExecutor, orderId: number): Promise<OrderLineRow[]> {
  return rowsOf<OrderLineRow>(
    await db.execute(sql`
      select ol.id, ol.line_list_id as "lineListId", ol.sku, ol.size,
        p.id as "productId", p.model_code as "modelCode", p.silhouette as "styleName", p.color,
        p.image_urls[1] as "imageUrl", b.id as "brandId", b.name as "brandName", ol.quantity,
        ol.unit_whs::text as "unitWhs", ol.msrp::text as msrp,
        (ol.quantity * ol.unit_whs)::numeric(14, 2)::text as "lineTotal"
      from order_lines ol
      join products p on p.id = ol.product_id
      join brands b on b.id = ol.brand_id
      where ol.order_id = ${orderId}
      order by ol.position
    `),
  );
}

export interface OrderHistoryRow {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  changedAt: Date | string;
  actorId: number | null;
  actorName: string | null;
}

export async function findOrderHistoryRows(db: DbExecutor, orderId: number): Promise<OrderHistoryRow[]> {
  return rowsOf<OrderHistoryRow>(
    await db.execute(sql`
      select c.from_status as "fromStatus", c.to_status as "toStatus", c.changed_at as "changedAt",
        u.id as "actorId", nullif(trim(u.first_name || ' ' || u.last_name), '') as "actorName"
      from order_status_changes c left join users u on u.id = c.actor_user_id
      where c.order_id = ${orderId}
      order by c.changed_at, c.id
    `),
  );
}

export interface OrderLineListRow {
  id: number;
  name: string;
  brandId: number;
  brandName: string;
  type: string;
  deadline: string | null;
  dateOfAvailability: string | null;
  published: boolean;
  stage: string;
  wholesaleFactor: string;
}

/** The line lists with these ids, with their brands. */
export async function findOrderLineLists(
  db: DbExecutor,
  ids: readonly number[],
): Promise<OrderLineListRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<OrderLineListRow>(
    await db.execute(sql`
      select ll.id, ll.name, b.id as "brandId", b.name as "brandName", ll.type,
        ll.deadline::text as deadline, ll.date_of_availability::text as "dateOfAvailability",
        ll.published, ll.stage, b.wholesale_factor::text as "wholesaleFactor"
      from line_lists ll join brands b on b.id = ll.brand_id
      where ll.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by lower(b.name), ll.id
    `),
  );
}

export interface OfferStyleRow {
  lineListId: number;
  productId: number;
  modelCode: string;
  name: string | null;
  color: string | null;
  imageUrl: string | null;
  msrp: string;
  unitWhs: string;
  sizes: { sku: string; size: string }[];
}

/**
 * The styles of these line lists that sit in at least one of their catalogs, with their sizes and
 * the unit WHS the organization pays (price.ts), in the line lists' order.
 * Styles without an MSRP cannot be priced and are left out.
 */
export async function findOfferStyles(
  db: DbExecutor,
  organizationId: number,
  lineListIds: readonly number[],
): Promise<OfferStyleRow[]> {
  if (lineListIds.length === 0) return [];
  return rowsOf<OfferStyleRow>(
    await db.execute(sql`
      select lli.line_list_id as "lineListId", p.id as "productId", p.model_code as "modelCode",
        p.silhouette as name, p.color, p.image_urls[1] as "imageUrl", p.msrp::text as msrp,
        ${unitWhsSql({
          msrp: sql`p.msrp`,
          wholesaleFactor: sql`b.wholesale_factor`,
          discountPercent: brandDiscountSql(organizationId, sql`b.id`),
        })}::text as "unitWhs",
        (
          select coalesce(json_agg(json_build_object('sku', ps.sku, 'size', ps.size) order by ps.position, ps.id), '[]'::json)
          from product_sizes ps where ps.product_id = p.id
        ) as sizes
      from line_list_items lli
      join line_lists ll on ll.id = lli.line_list_id
      join brands b on b.id = ll.brand_id
      join products p on p.id = lli.product_id
      where lli.line_list_id in (${sql.join(
        lineListIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and p.msrp is not null
        and exists (select 1 from catalog_items ci where ci.line_list_item_id = lli.id)
      order by lli.line_list_id, lli.position, lli.id
    `),
  );
}
