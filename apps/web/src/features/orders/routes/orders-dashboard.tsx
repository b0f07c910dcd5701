import { monthSchema, orderMessages } from "@cm/contracts/orders";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/list-page";
import { ListLoadError } from "@/components/list-states";
import { useOrderDashboard } from "@/features/orders/api/get-order-dashboard";
import { useOrderMonthlyTotals } from "@/features/orders/api/get-order-monthly-totals";
import { DashboardMonthPicker } from "@/features/orders/components/dashboard-month-picker";
import { DashboardStatCards } from "@/features/orders/components/dashboard-stat-cards";
import {
  DashboardLastOrders,
  DashboardMostUnitsSold,
  DashboardTopCustomers,
} from "@/features/orders/components/dashboard-tables";
import { DashboardWhsChart } from "@/features/orders/components/dashboard-whs-chart";
import { browserCurrentMonth, formatMonth, formatMonthDays } from "@/features/orders/utils/dashboard-month";
import { cn } from "@/lib/utils";

const chartMonths = 12;

/** A month the contract accepts, or undefined (the current month): a hand-edited URL cannot break the page. */
function readMonth(raw: string | null): string | undefined {
  const parsed = monthSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * `/home/orders`: the month's figures against the month before, its newest orders, top customers
 * and best-selling styles, and the WHS of the last twelve months. The month is kept in the URL
 * (`?month=YYYY-MM`); without it the server shows its current month.
 */
export default function OrdersDashboardRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedMonth = readMonth(searchParams.get("month"));
  const dashboard = useOrderDashboard(requestedMonth);
  const totals = useOrderMonthlyTotals(chartMonths);

  // The totals end with the server's current month, which may differ from the browser's near midnight.
  const latestMonth = totals.data?.months.at(-1)?.month ?? browserCurrentMonth();
  const month = requestedMonth ?? dashboard.data?.month ?? latestMonth;
  const data = dashboard.data;
  // While another month loads, the month shown stays, dimmed; its texts name the month of its figures.
  const shownMonth = data?.month ?? month;
  const shownMonthLabel = formatMonth(shownMonth);
  const stale = dashboard.isPlaceholderData;

  function changeMonth(next: string) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set("month", next);
      return params;
    });
  }

  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title="Orders Dashboard"
        description={
          !data
            ? "Orders placed in the month, compared with the month before."
            : data.toDate
              ? `Orders placed in ${shownMonthLabel} to date, compared with ${formatMonthDays(data.previousMonth, data.previousThrough)}.`
              : `Orders placed in ${shownMonthLabel}, compared with ${formatMonth(data.previousMonth)}.`
        }
        actions={<DashboardMonthPicker month={month} latestMonth={latestMonth} onChange={changeMonth} />}
      />
      {dashboard.isError ? (
        <ListLoadError
          title={orderMessages.dashboardLoadFailed}
          message={dashboard.error.message}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <div aria-busy={dashboard.isFetching} className={cn("transition-opacity", stale && "opacity-60")}>
          <DashboardStatCards dashboard={data} />
        </div>
      )}
      <DashboardWhsChart query={totals} months={chartMonths} />
      {!dashboard.isError && (
        <div
          aria-busy={dashboard.isFetching}
          className={cn("flex flex-col gap-4 transition-opacity", stale && "opacity-60")}
        >
          <DashboardLastOrders orders={data?.lastOrders} monthLabel={shownMonthLabel} />
          <div className="grid gap-4 xl:grid-cols-2">
            <DashboardTopCustomers
              customers={data?.topCustomers}
              month={shownMonth}
              monthLabel={shownMonthLabel}
            />
            <DashboardMostUnitsSold styles={data?.mostUnitsSold} monthLabel={shownMonthLabel} />
          </div>
        </div>
      )}
    </section>
  );
}
