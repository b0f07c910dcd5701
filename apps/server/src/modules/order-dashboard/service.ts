import {
  changePercent,
  orderLimits,
  orderMessages,
  type OrderDashboard,
  type OrderMonthlyTotals,
} from "@cm/contracts/orders";
import type { Database } from "../../db/client.ts";
import { InvalidError } from "../../lib/errors.ts";
import {
  countInactiveAccounts,
  listLastOrders,
  listMonthlyTotals,
  listMostUnitsSold,
  listTopCustomers,
  readMonthStats,
  readPeriodDays,
  readPreviousStatsToDate,
  type DashboardPeriod,
} from "./repository.ts";
import { toOrderListItem } from "../orders/service.ts";

/** The calendar month ("2027-03") that `now` falls in, in `timeZone`. */
export function currentMonth(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
  }).formatToParts(now);
  const part = (type: "year" | "month") => parts.find((entry) => entry.type === type)!.value;
  return `${part("year").padStart(4, "0")}-${part("month")}`;
}

/** `month` moved by `delta` calendar months: ("2027-01", -1) is "2026-12". */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

function assertCalendarMonth(month: string): void {
  if (Number(month.slice(0, 4)) < 1) {
    throw new InvalidError(undefined, { month: [orderMessages.monthBeforeYearOne] });
  }
}

function countStat(value: number, previous: number) {
  return { value, previous, changePercent: changePercent(value, previous) };
}

/**
 * The orders dashboard of `month` (the current month in `timeZone` by default), compared with the
 * month before. Cancelled orders count nowhere, not even in the last orders. `lastOrders` are the
 * newest orders placed within the month itself, not merely up to its end, so every row on the
 * page belongs to the month the picker shows.
 *
 * A past month's figures are what they were at its end. The current month's run up to now ("to
 * date") and are compared with the month before up to the same moment a month earlier, so a
 * comparison covers the same days: its totals read those days from `orders`, its inactive
 * accounts are counted at that moment.
 */
export async function getOrderDashboard(
  db: Database,
  timeZone: string,
  requestedMonth?: string,
): Promise<OrderDashboard> {
  const now = new Date();
  const month = requestedMonth ?? currentMonth(timeZone, now);
  assertCalendarMonth(month);
  const toDate = month === currentMonth(timeZone, now);
  const period: DashboardPeriod = { month, timeZone, now: toDate ? now : null };
  const [stats, previousToDate, days, inactive, lastOrders, topCustomers, mostUnitsSold] = await Promise.all([
    readMonthStats(db, month),
    toDate ? readPreviousStatsToDate(db, period) : null,
    readPeriodDays(db, period),
    countInactiveAccounts(db, period),
    listLastOrders(db, month, timeZone, orderLimits.dashboardLastOrders),
    listTopCustomers(db, month, orderLimits.dashboardTopCustomers),
    listMostUnitsSold(db, month, timeZone, orderLimits.dashboardMostUnitsSold),
  ]);
  const previous = previousToDate ?? {
    totalWhs: stats.previousTotalWhs,
    monobrandOrders: stats.previousMonobrandOrders,
    multibrandOrders: stats.previousMultibrandOrders,
  };
  return {
    month,
    previousMonth: shiftMonth(month, -1),
    toDate,
    ...days,
    totalWhs: {
      value: stats.totalWhs,
      previous: previous.totalWhs,
      // A percentage needs no cents' exactness; the amounts themselves stay strings.
      changePercent: changePercent(Number(stats.totalWhs), Number(previous.totalWhs)),
    },
    monobrandOrders: countStat(stats.monobrandOrders, previous.monobrandOrders),
    multibrandOrders: countStat(stats.multibrandOrders, previous.multibrandOrders),
    inactiveAccounts: countStat(inactive.value, inactive.previous),
    lastOrders: lastOrders.map(toOrderListItem),
    topCustomers,
    mostUnitsSold: mostUnitsSold.map(({ brandId, brandName, ...style }) => ({
      ...style,
      brand: { id: brandId, name: brandName },
    })),
  };
}

/** Total WHS and orders of the last `months` calendar months in `timeZone`, the current one last. */
export async function getOrderMonthlyTotals(
  db: Database,
  timeZone: string,
  months: number,
): Promise<OrderMonthlyTotals> {
  return { months: await listMonthlyTotals(db, currentMonth(timeZone), months) };
}
