import type { OrderSource, OrderStatus, OrderType } from "@cm/contracts/orders";
import { orderMessages, orderNumberPrefix } from "@cm/contracts/orders";
import { eq, sql } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { orderLines, orders, orderStatusChanges } from "../../db/schema.ts";
import { InvalidError } from "../../lib/errors.ts";
import { sizePlaceJoin, sizeScaleOrder } from "../size-scales/repository.ts";
import { brandDiscountSql, unitWhsSql } from "./price.ts";
import { lineListPublishedSql } from "../line-lists/published.ts";

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

export interface LastStatusMoveRow {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actorUserId: number | null;
  changedAt: Date | string;
}

/** The order's newest status change (its creation when it never moved). */
export async function findLastStatusChange(
  db: DbExecutor,
  orderId: number,
): Promise<LastStatusMoveRow | undefined> {
  const [row] = rowsOf<LastStatusMoveRow>(
    await db.execute(sql`
      select from_status as "fromStatus", to_status as "toStatus", actor_user_id as "actorUserId",
        changed_at as "changedAt"
      from order_status_changes where order_id = ${orderId}
      order by changed_at desc, id desc limit 1
    `),
  );
  return row;
}

/**
 * The order's newest history entry: its action and the revision it left the order at. Every write
 * that changes an order records one, and a write that changes nothing still moves the revision on,
 * so a status move is the last write only while this is a `status` entry at the order's revision.
 */
export async function findLastHistoryEntry(
  db: DbExecutor,
  orderId: number,
): Promise<{ action: string; afterRevision: number | null } | undefined> {
  const [row] = rowsOf<{ action: string; afterRevision: number | null }>(
    await db.execute(sql`
      select action, after_revision as "afterRevision" from history_entries
      where entity_type = 'order' and entity_id = ${String(orderId)}
      order by created_at desc, id desc limit 1
    `),
  );
  return row;
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
  o.source,
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
  source: OrderSource;
  _revision: number;
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
      ${sizePlaceJoin(sql`ol`, sql`ol.brand_id`)}
      where ol.order_id = ${orderId}
      order by min(ol.position) over (partition by ol.line_list_id, ol.product_id),
        ${sizeScaleOrder(sql`ol`)}
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
        ${lineListPublishedSql()} as published,
        ll.stage, b.wholesale_factor::text as "wholesaleFactor"
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
 * Styles with neither a wholesale price nor an MSRP cannot be priced and are left out.
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
        p.silhouette as name, p.color, p.image_urls[1] as "imageUrl", lli.msrp::text as msrp,
        ${unitWhsSql({
          // The line list's own offer (issue 33): another line list's save never changes it.
          msrp: sql`lli.msrp`,
          wholesalePrice: sql`lli.wholesale_price`,
          wholesaleFactor: sql`b.wholesale_factor`,
          discountPercent: brandDiscountSql(organizationId, sql`b.id`),
        })}::text as "unitWhs",
        (
          select coalesce(json_agg(json_build_object('sku', ps.sku, 'size', ps.size) order by ${sizeScaleOrder(sql`ps`)}), '[]'::json)
          from product_sizes ps ${sizePlaceJoin(sql`ps`, sql`p.brand_id`)} where ps.product_id = p.id
        ) as sizes
      from line_list_items lli
      join line_lists ll on ll.id = lli.line_list_id
      join brands b on b.id = ll.brand_id
      join products p on p.id = lli.product_id
      where lli.line_list_id in (${sql.join(
        lineListIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and coalesce(lli.wholesale_price, lli.msrp) is not null
        and exists (select 1 from catalog_items ci where ci.line_list_item_id = lli.id)
      order by lli.line_list_id, lli.position, lli.id
    `),
  );
}
