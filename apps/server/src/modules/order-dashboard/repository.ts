import { orderLimits } from "@cm/contracts/orders";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { orderListItemColumns, orderListItemJoins, type OrderListItemRow } from "../orders/repository.ts";

/**
 * The dashboard's SQL. The month figures (totals, order counts, top customers, most units sold)
 * are read from the per-month summaries the database keeps as orders and lines are written
 * (schema.ts, migration 0013), so a month costs its few summary rows however many
 * orders and lines it holds. What is no sum is read from `orders` through its indexes: the last
 * orders, the previous month's first days when the current month is shown to date, each
 * customer's orders around its inactivity window, and the line list of each ranked style's
 * latest line.
 *
 * A month is a calendar month in the configured time zone, the one the summaries are cut in
 * (summaries.ts keeps them in it). Where `orders` is read, its boundaries are computed in SQL as
 * local midnights turned into instants, so comparisons on `placed_at` can use its indexes and a
 * month across a daylight-saving change is still exactly that month.
 */

/** Orders that count on the dashboard: every status but cancelled. */
const counted = sql`o.status <> 'cancelled'`;

/** "2027-03" as the database's first day of that month. */
function firstDay(month: string): SQL {
  return sql`${`${month}-01`}::date`;
}

/** The first day of the month `shift` months after `month`, as the summaries key it. */
function summaryMonth(month: string, shift: number): SQL {
  return sql`(${firstDay(month)} + make_interval(months => ${shift}::int))::date`;
}

/** Counted orders in a row of `order_month_organizations s`. */
const summaryOrders = sql`(s.monobrand_orders + s.multibrand_orders)`;

/** The instant local midnight starts the month `shift` months after `month` in `timeZone`. */
function monthStart(month: string, shift: number, timeZone: string): SQL {
  return sql`((${firstDay(month)} + make_interval(months => ${shift}::int))::timestamp at time zone ${timeZone}::text)`;
}

/**
 * The period the dashboard compares: a month and the month before it, each up to its cut. A past
 * month is cut at its end; the current month (`now` set) at `now`, and the month before at the
 * same moment a month earlier (the same day and time of day, or its end when it has no such day),
 * so both cover the same days.
 */
export interface DashboardPeriod {
  month: string;
  timeZone: string;
  /** The request's moment when `month` is the current month ("to date"), null otherwise. */
  now: Date | null;
}

/** Where the month's figures stop. */
function cutOf({ month, timeZone, now }: DashboardPeriod): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : monthStart(month, 1, timeZone);
}

/** Where the previous month's figures stop. */
function previousCutOf({ month, timeZone, now }: DashboardPeriod): SQL {
  if (!now) return monthStart(month, 0, timeZone);
  const localNow = sql`(${now.toISOString()}::timestamptz at time zone ${timeZone}::text)`;
  // `- interval '1 month'` would move March 30 to February 28 at the same hour; a day the month
  // before does not have is its whole month instead.
  return sql`(case
    when extract(day from ${localNow}) > extract(day from ${firstDay(month)} - 1) then ${monthStart(month, 0, timeZone)}
    else (${localNow} - interval '1 month') at time zone ${timeZone}::text
  end)`;
}

/** The last calendar day (in the zone) before the instant `cut`, as "2027-03-31". */
function lastDayBefore(cut: SQL, timeZone: string): SQL {
  return sql`to_char((${cut} at time zone ${timeZone}::text) - interval '1 microsecond', 'YYYY-MM-DD')`;
}

/** The last days the month's figures and the previous month's include. */
export async function readPeriodDays(
  db: DbExecutor,
  period: DashboardPeriod,
): Promise<{ through: string; previousThrough: string }> {
  const [row] = rowsOf<{ through: string; previousThrough: string }>(
    await db.execute(sql`
      select
        ${lastDayBefore(cutOf(period), period.timeZone)} as through,
        ${lastDayBefore(previousCutOf(period), period.timeZone)} as "previousThrough"
    `),
  );
  return row!;
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
export async function readMonthStats(db: DbExecutor, month: string): Promise<MonthStatsRow> {
  const inMonth = sql`s.month = ${summaryMonth(month, 0)}`;
  const inPrevious = sql`s.month = ${summaryMonth(month, -1)}`;
  const [row] = rowsOf<MonthStatsRow>(
    await db.execute(sql`
      select
        ${money(sql`coalesce(sum(s.total_whs) filter (where ${inMonth}), 0)`)} as "totalWhs",
        ${money(sql`coalesce(sum(s.total_whs) filter (where ${inPrevious}), 0)`)} as "previousTotalWhs",
        coalesce(sum(s.monobrand_orders) filter (where ${inMonth}), 0)::int as "monobrandOrders",
        coalesce(sum(s.monobrand_orders) filter (where ${inPrevious}), 0)::int as "previousMonobrandOrders",
        coalesce(sum(s.multibrand_orders) filter (where ${inMonth}), 0)::int as "multibrandOrders",
        coalesce(sum(s.multibrand_orders) filter (where ${inPrevious}), 0)::int as "previousMultibrandOrders"
      from order_month_organizations s
      where s.month in (${summaryMonth(month, -1)}, ${summaryMonth(month, 0)})
    `),
  );
  return row!;
}

export interface OrderStatsRow {
  totalWhs: string;
  monobrandOrders: number;
  multibrandOrders: number;
}

/**
 * Total WHS and the mono/multibrand order counts of the previous month up to its cut: its first
 * days, read from `orders` through `orders_placed_at_idx` (one month's orders at most).
 */
export async function readPreviousStatsToDate(
  db: DbExecutor,
  period: DashboardPeriod,
): Promise<OrderStatsRow> {
  const [row] = rowsOf<OrderStatsRow>(
    await db.execute(sql`
      select
        ${money(sql`coalesce(sum(o.total_whs), 0)`)} as "totalWhs",
        (count(*) filter (where not o.multibrand))::int as "monobrandOrders",
        (count(*) filter (where o.multibrand))::int as "multibrandOrders"
      from orders o
      where ${counted}
        and o.placed_at >= ${monthStart(period.month, -1, period.timeZone)}
        and o.placed_at < ${previousCutOf(period)}
    `),
  );
  return row!;
}

/**
 * The organization `org`'s status at the instant `cut`: the status its first change after `cut`
 * changed from, or its current status when none did since. Read from its history entries
 * (`history_entries_entity_idx`); a change written without history (plain SQL) is not seen.
 */
function statusAt(cut: SQL): SQL {
  return sql`coalesce(
    (
      select c.change ->> 'before'
      from history_entries h
      cross join lateral jsonb_array_elements(h.changes) as c(change)
      where h.entity_type = 'organization' and h.entity_id = org.id::text and h.created_at >= ${cut}
        and c.change ->> 'field' = 'status' and jsonb_typeof(c.change -> 'before') = 'string'
      order by h.created_at, h.id
      limit 1
    ),
    org.status
  )`;
}

/**
 * The organization `org` was an inactive account at the instant `cut`: active then, a customer
 * for the whole inactivity window before `cut` (added by its start, or with an order before it,
 * as an imported history has), and without a counted order in the window. Each test is a probe
 * of one organization's rows in an index (`orders_organization_placed_at_idx`).
 */
function inactiveAt(cut: SQL, timeZone: string): SQL {
  const windowStart = sql`(((${cut} at time zone ${timeZone}::text) - make_interval(days => ${orderLimits.inactiveAfterDays}::int)) at time zone ${timeZone}::text)`;
  const orderedIn = (range: SQL) =>
    sql`exists (select 1 from orders o where o.organization_id = org.id and ${counted} and ${range})`;
  return sql`(
    ${statusAt(cut)} = 'active'
    and (org.created_at <= ${windowStart} or ${orderedIn(sql`o.placed_at < ${windowStart}`)})
    and not ${orderedIn(sql`o.placed_at >= ${windowStart} and o.placed_at < ${cut}`)}
  )`;
}

/**
 * Inactive accounts at the month's cut and at the previous month's: what they were then, so a
 * customer added, closed or reopened later leaves a past month's figure as it was.
 */
export async function countInactiveAccounts(
  db: DbExecutor,
  period: DashboardPeriod,
): Promise<{ value: number; previous: number }> {
  const [row] = rowsOf<{ value: number; previous: number }>(
    await db.execute(sql`
      select
        (count(*) filter (where ${inactiveAt(cutOf(period), period.timeZone)}))::int as value,
        (count(*) filter (where ${inactiveAt(previousCutOf(period), period.timeZone)}))::int as previous
      from organizations org
      where org.type = 'external'
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
  limit: number,
): Promise<TopCustomerRow[]> {
  return rowsOf<TopCustomerRow>(
    await db.execute(sql`
      select
        org.id as "organizationId",
        org.name as "organizationName",
        ${summaryOrders}::int as orders,
        s.units::int as units,
        ${money(sql`s.total_whs`)} as "totalWhs"
      from order_month_organizations s
      join organizations org on org.id = s.organization_id
      where s.month = ${summaryMonth(month, 0)} and ${summaryOrders} > 0
      order by s.total_whs desc, lower(org.name), org.id
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
 * The ranking is the first rows of the summary's ranking index; the latest line is no sum, so it
 * is looked up for the ranked styles only, through their lines (`order_lines_product_idx`).
 */
export async function listMostUnitsSold(
  db: DbExecutor,
  month: string,
  timeZone: string,
  limit: number,
): Promise<MostUnitsSoldRow[]> {
  return rowsOf<MostUnitsSoldRow>(
    await db.execute(sql`
      select
        p.id as "productId",
        p.model_code as "modelCode",
        p.silhouette as name,
        p.color,
        p.image_urls[1] as "imageUrl",
        b.id as "brandId",
        b.name as "brandName",
        latest.line_list_id as "lineListId",
        ranked.units,
        ${money(sql`ranked.total_whs`)} as "totalWhs"
      from (
        select s.product_id, s.model_code, s.units, s.total_whs
        from order_month_products s
        where s.month = ${summaryMonth(month, 0)} and s.units > 0
        order by s.units desc, s.model_code, s.product_id
        limit ${limit}
      ) ranked
      join products p on p.id = ranked.product_id
      join brands b on b.id = p.brand_id
      cross join lateral (
        select l.line_list_id
        from order_lines l
        join orders o on o.id = l.order_id
        where l.product_id = ranked.product_id
          and ${counted}
          and o.placed_at >= ${monthStart(month, 0, timeZone)}
          and o.placed_at < ${monthStart(month, 1, timeZone)}
        order by o.placed_at desc, o.id desc, l.id desc
        limit 1
      ) latest
      order by ranked.units desc, ranked.model_code, ranked.product_id
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
): Promise<MonthlyTotalRow[]> {
  return rowsOf<MonthlyTotalRow>(
    await db.execute(sql`
      select
        to_char(m.first_day, 'YYYY-MM') as month,
        ${money(sql`coalesce(sum(s.total_whs), 0)`)} as "totalWhs",
        coalesce(sum(${summaryOrders}), 0)::int as orders
      from generate_series(
        ${firstDay(lastMonth)}::timestamp - make_interval(months => ${months - 1}::int),
        ${firstDay(lastMonth)}::timestamp,
        interval '1 month'
      ) as m(first_day)
      left join order_month_organizations s
        on s.month = m.first_day::date
        -- The range again, so only these months' rows are read, not every month's.
        and s.month between ${summaryMonth(lastMonth, 1 - months)} and ${summaryMonth(lastMonth, 0)}
      group by m.first_day
      order by m.first_day
    `),
  );
}
