import { orderLimits } from "@cm/contracts/orders";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { orderListItemColumns, orderListItemJoins, type OrderListItemRow } from "./repository.ts";

/**
 * The dashboard's SQL. Every figure is aggregated by the database over `orders` (one row per
 * order, its units and total kept with it), so nothing here loads orders to add them up in Node;
 * only the most-units-sold ranking reads `order_lines`, and only the lines of the month's orders.
 *
 * A month is a calendar month in the configured time zone: its boundaries are computed in SQL as
 * local midnights turned into instants, so comparisons on `placed_at` can use its indexes and a
 * month across a daylight-saving change is still exactly that month.
 */

/** Orders that count on the dashboard: every status but cancelled. */
const counted = sql`o.status <> 'cancelled'`;

/** "2027-03" as the database's first day of that month. */
function firstDay(month: string): SQL {
  return sql`${`${month}-01`}::date`;
}

/** The instant local midnight starts the month `shift` months after `month` in `timeZone`. */
function monthStart(month: string, shift: number, timeZone: string): SQL {
  return sql`((${firstDay(month)} + make_interval(months => ${shift}::int))::timestamp at time zone ${timeZone}::text)`;
}

/**
 * The instant the inactivity window ending with `month` starts: local midnight
 * `inactiveAfterDays` calendar days before the next month's first day.
 */
function inactivityStart(month: string, shift: number, timeZone: string): SQL {
  return sql`((${firstDay(month)} + make_interval(months => ${shift + 1}::int, days => ${-orderLimits.inactiveAfterDays}::int))::timestamp at time zone ${timeZone}::text)`;
}

/** Amounts leave the database as text with two decimals, whatever their scale ("0" becomes "0.00"). */
function money(expression: SQL): SQL {
  return sql`(${expression})::numeric(16, 2)::text`;
}

export interface MonthStatsRow {
  totalWhs: string;
  previousTotalWhs: string;
  monobrandOrders: number;
  previousMonobrandOrders: number;
  multibrandOrders: number;
  previousMultibrandOrders: number;
}

/** Total WHS and the mono/multibrand order counts of `month` and of the month before it. */
export async function readMonthStats(
  db: DbExecutor,
  month: string,
  timeZone: string,
): Promise<MonthStatsRow> {
  const start = monthStart(month, 0, timeZone);
  const inMonth = sql`o.placed_at >= ${start}`;
  const inPrevious = sql`o.placed_at < ${start}`;
  const [row] = rowsOf<MonthStatsRow>(
    await db.execute(sql`
      select
        ${money(sql`coalesce(sum(o.total_whs) filter (where ${inMonth}), 0)`)} as "totalWhs",
        ${money(sql`coalesce(sum(o.total_whs) filter (where ${inPrevious}), 0)`)} as "previousTotalWhs",
        (count(*) filter (where ${inMonth} and not o.multibrand))::int as "monobrandOrders",
        (count(*) filter (where ${inPrevious} and not o.multibrand))::int as "previousMonobrandOrders",
        (count(*) filter (where ${inMonth} and o.multibrand))::int as "multibrandOrders",
        (count(*) filter (where ${inPrevious} and o.multibrand))::int as "previousMultibrandOrders"
      from orders o
      where ${counted}
        and o.placed_at >= ${monthStart(month, -1, timeZone)}
        and o.placed_at < ${monthStart(month, 1, timeZone)}
    `),
  );
  return row!;
}

/** No counted order of the organization `org` from `from` up to `to` (excluded). */
function noOrderBetween(from: SQL, to: SQL): SQL {
  return sql`not exists (
    select 1 from orders o
    where o.organization_id = org.id and ${counted} and o.placed_at >= ${from} and o.placed_at < ${to}
  )`;
}

/**
 * Active customers (external organizations) without a counted order in the inactivity window
 * ending with `month`, and with the month before. The organization's current status decides
 * whether it is active: organizations keep no status history.
 */
export async function countInactiveAccounts(
  db: DbExecutor,
  month: string,
  timeZone: string,
): Promise<{ value: number; previous: number }> {
  const [row] = rowsOf<{ value: number; previous: number }>(
    await db.execute(sql`
      select
        (count(*) filter (where ${noOrderBetween(inactivityStart(month, 0, timeZone), monthStart(month, 1, timeZone))}))::int as value,
        (count(*) filter (where ${noOrderBetween(inactivityStart(month, -1, timeZone), monthStart(month, 0, timeZone))}))::int as previous
      from organizations org
      where org.type = 'external' and org.status = 'active'
    `),
  );
  return row!;
}

/** The newest counted orders placed within `month`, newest first (ties: the higher id first). */
export async function listLastOrders(
  db: DbExecutor,
  month: string,
  timeZone: string,
  limit: number,
): Promise<OrderListItemRow[]> {
  return rowsOf<OrderListItemRow>(
    await db.execute(sql`
      select ${orderListItemColumns}
      from orders o ${orderListItemJoins}
      where ${counted}
        and o.placed_at >= ${monthStart(month, 0, timeZone)}
        and o.placed_at < ${monthStart(month, 1, timeZone)}
      order by o.placed_at desc, o.id desc
      limit ${limit}
    `),
  );
}

export interface TopCustomerRow {
  organizationId: number;
  organizationName: string;
  orders: number;
  units: number;
  totalWhs: string;
}

/** The organizations with the most WHS in `month`; ties by name (ignoring case), then id. */
export async function listTopCustomers(
  db: DbExecutor,
  month: string,
  timeZone: string,
  limit: number,
): Promise<TopCustomerRow[]> {
  return rowsOf<TopCustomerRow>(
    await db.execute(sql`
      select
        org.id as "organizationId",
        org.name as "organizationName",
        count(*)::int as orders,
        sum(o.units)::int as units,
        ${money(sql`sum(o.total_whs)`)} as "totalWhs"
      from orders o
      join organizations org on org.id = o.organization_id
      where ${counted}
        and o.placed_at >= ${monthStart(month, 0, timeZone)}
        and o.placed_at < ${monthStart(month, 1, timeZone)}
      group by org.id, org.name
      order by sum(o.total_whs) desc, lower(org.name), org.id
      limit ${limit}
    `),
  );
}

export interface MostUnitsSoldRow {
  productId: number;
  modelCode: string;
  name: string | null;
  color: string | null;
  imageUrl: string | null;
  brandId: number;
  brandName: string;
  lineListId: number;
  units: number;
  totalWhs: string;
}

/**
 * The styles with the most units on counted orders of `month`; ties by model code, then id. The
 * line list is the one of the style's latest line in the month (newest order, then last line).
 * The style's name is its silhouette, as on the order screens.
 *
 * Two things keep it to the month's lines on a large database (docs/performance.md, issue 16):
 * the lines are read order by order through their index (`offset 0` keeps the planner from
 * turning that into a scan of every order line), and only the styles that can still rank (as
 * many units as the `limit`-th best, ties included) are joined to products, not every style sold.
 */
export async function listMostUnitsSold(
  db: DbExecutor,
  month: string,
  timeZone: string,
  limit: number,
): Promise<MostUnitsSoldRow[]> {
  return rowsOf<MostUnitsSoldRow>(
    await db.execute(sql`
      with sold as (
        select
          ol.product_id,
          sum(ol.quantity)::int as units,
          sum(ol.quantity * ol.unit_whs) as total_whs,
          (array_agg(ol.line_list_id order by o.placed_at desc, o.id desc, ol.id desc))[1] as line_list_id
        from orders o
        cross join lateral (
          select l.id, l.product_id, l.quantity, l.unit_whs, l.line_list_id
          from order_lines l where l.order_id = o.id offset 0
        ) ol
        where ${counted}
          and o.placed_at >= ${monthStart(month, 0, timeZone)}
          and o.placed_at < ${monthStart(month, 1, timeZone)}
        group by ol.product_id
      ),
      ranked as (
        select * from sold
        where sold.units >= coalesce((select units from sold order by units desc offset ${limit - 1} limit 1), 0)
      )
      select
        p.id as "productId",
        p.model_code as "modelCode",
        p.silhouette as name,
        p.color,
        p.image_urls[1] as "imageUrl",
        b.id as "brandId",
        b.name as "brandName",
        sold.line_list_id as "lineListId",
        sold.units,
        ${money(sql`sold.total_whs`)} as "totalWhs"
      from ranked sold
      join products p on p.id = sold.product_id
      join brands b on b.id = p.brand_id
      order by sold.units desc, p.model_code, p.id
      limit ${limit}
    `),
  );
}

export interface MonthlyTotalRow {
  month: string;
  totalWhs: string;
  orders: number;
}

/**
 * Total WHS and counted orders of each of the `months` calendar months ending with `lastMonth`,
 * oldest first; months without orders included as zero.
 */
export async function listMonthlyTotals(
  db: DbExecutor,
  lastMonth: string,
  months: number,
  timeZone: string,
): Promise<MonthlyTotalRow[]> {
  return rowsOf<MonthlyTotalRow>(
    await db.execute(sql`
      select
        to_char(m.first_day, 'YYYY-MM') as month,
        ${money(sql`coalesce(sum(o.total_whs), 0)`)} as "totalWhs",
        count(o.id)::int as orders
      from generate_series(
        ${firstDay(lastMonth)}::timestamp - make_interval(months => ${months - 1}::int),
        ${firstDay(lastMonth)}::timestamp,
        interval '1 month'
      ) as m(first_day)
      left join orders o
        on ${counted}
        and o.placed_at >= (m.first_day at time zone ${timeZone}::text)
        and o.placed_at < ((m.first_day + interval '1 month') at time zone ${timeZone}::text)
      group by m.first_day
      order by m.first_day
    `),
  );
}
