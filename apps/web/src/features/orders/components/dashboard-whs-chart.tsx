import { type OrderMonthlyTotals, orderMessages } from "@cm/contracts/orders";
import { useId, useMemo } from "react";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { ListLoadError } from "@/components/list-states";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { type ChartConfig, ChartContainer, ChartTooltip, ChartTooltipContent } from "@/components/ui/chart";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMonth, formatMonthShort } from "@/features/orders/utils/dashboard-month";
import { formatMoney } from "@/lib/format";

const chartConfig = {
  totalWhs: { label: "Total WHS", color: "var(--primary)" },
} satisfies ChartConfig;

const axisMoneyFormatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

interface MonthDatum {
  month: string;
  /** For the bar's height only; amounts shown are formatted from `totalWhsText`, exact. */
  totalWhs: number;
  totalWhsText: string;
  orders: number;
}

function TooltipRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex w-full items-center justify-between gap-4 leading-none">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-mono font-medium text-foreground tabular-nums">{value}</span>
    </div>
  );
}

/** The query the chart shows: TanStack Query's result, as far as the chart needs it. */
interface MonthlyTotalsQuery {
  data: OrderMonthlyTotals | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** Total WHS per month as bars, oldest first, with each month's WHS and order count on hover or focus. */
export function DashboardWhsChart({ query, months }: { query: MonthlyTotalsQuery; months: number }) {
  const titleId = useId();
  const totals = query.data;
  // The same array across renders: recharts replays the bars' animation whenever `data` changes.
  const data = useMemo<MonthDatum[]>(
    () =>
      (totals?.months ?? []).map((entry) => ({
        month: entry.month,
        totalWhs: Number(entry.totalWhs),
        totalWhsText: entry.totalWhs,
        orders: entry.orders,
      })),
    [totals],
  );
  const anyOrder = data.some((entry) => entry.orders > 0);
  const title = `Total WHS — last ${months} months`;

  return (
    <Card role="group" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <h2 id={titleId} className="font-semibold leading-none">
          {title}
        </h2>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <ListLoadError
            title={orderMessages.monthlyTotalsLoadFailed}
            message={query.error?.message ?? ""}
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending ? (
          <Skeleton aria-hidden="true" className="h-64 w-full" />
        ) : !anyOrder ? (
          <p className="flex h-64 items-center justify-center text-sm text-muted-foreground">
            {orderMessages.noOrdersInMonths(months)}
          </p>
        ) : (
          <>
            <ChartContainer config={chartConfig} className="aspect-auto h-64 w-full">
              <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
                <CartesianGrid vertical={false} />
                <XAxis
                  dataKey="month"
                  tickLine={false}
                  axisLine={false}
                  tickMargin={8}
                  interval="equidistantPreserveEnd"
                  tickFormatter={(month: string) => formatMonthShort(month)}
                />
                <YAxis
                  tickLine={false}
                  axisLine={false}
                  width={56}
                  tickFormatter={(value: number) => axisMoneyFormatter.format(value)}
                />
                <ChartTooltip
                  cursor={false}
                  content={
                    <ChartTooltipContent
                      hideIndicator
                      labelFormatter={(_, payload) => {
                        const datum = payload[0]?.payload as MonthDatum | undefined;
                        return datum ? formatMonth(datum.month) : null;
                      }}
                      formatter={(_value, _name, item) => {
                        const datum = item.payload as MonthDatum;
                        return (
                          <div className="grid w-full gap-1.5">
                            <TooltipRow label="Total WHS" value={formatMoney(datum.totalWhsText)} />
                            <TooltipRow label="Orders" value={datum.orders.toLocaleString("en-US")} />
                          </div>
                        );
                      }}
                    />
                  }
                />
                <Bar dataKey="totalWhs" fill="var(--color-totalWhs)" radius={4} maxBarSize={56} />
              </BarChart>
            </ChartContainer>
            {/* The figures behind the bars, for screen readers. */}
            <table className="sr-only">
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Total WHS</th>
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {data.map((entry) => (
                  <tr key={entry.month}>
                    <th scope="row">{formatMonth(entry.month)}</th>
                    <td>{formatMoney(entry.totalWhsText)}</td>
                    <td>{entry.orders.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
