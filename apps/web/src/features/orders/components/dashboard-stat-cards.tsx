import { type OrderDashboard, orderMessages } from "@cm/contracts/orders";
import { ArrowDownRightIcon, ArrowUpRightIcon } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay, formatMonthDays } from "@/features/orders/utils/dashboard-month";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

type StatKey = "totalWhs" | "monobrandOrders" | "multibrandOrders" | "inactiveAccounts";

interface StatDefinition {
  key: StatKey;
  title: string;
  /** Inactive accounts: fewer is better, so a rise shows in red. */
  lowerIsBetter?: boolean;
  /** A count at a moment (the month's end, or now), not a sum over the month's days. */
  atMoment?: boolean;
  /** What the figure counts, shown on the card (read on touch screens too, no tooltip). */
  definition?: string;
}

const stats: readonly StatDefinition[] = [
  { key: "totalWhs", title: "Total WHS" },
  { key: "monobrandOrders", title: "Monobrand Orders" },
  { key: "multibrandOrders", title: "Multibrand Orders" },
  {
    key: "inactiveAccounts",
    title: "Inactive Accounts",
    lowerIsBetter: true,
    atMoment: true,
    definition: orderMessages.inactiveAccountsDefinition,
  },
];

/**
 * What a card's figure covers and what it is compared with. A past month is whole, against the
 * whole month before; the current month runs to date, against the same days of the month before
 * (the server says which: `through`, `previousThrough`).
 */
function statPeriod(definition: StatDefinition, dashboard: OrderDashboard) {
  const { month, previousMonth, toDate, through, previousThrough } = dashboard;
  if (!toDate) return { caption: null, comparedWith: formatMonthDays(previousMonth, previousThrough) };
  return definition.atMoment
    ? {
        caption: orderMessages.dashboardAsOfToday(formatDay(through)),
        comparedWith: formatDay(previousThrough),
      }
    : {
        caption: orderMessages.dashboardToDate(formatMonthDays(month, through, true)),
        comparedWith: formatMonthDays(previousMonth, previousThrough),
      };
}

const percentFormatter = new Intl.NumberFormat("en-US", {
  style: "percent",
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
});

function formatStatValue(key: StatKey, value: string | number): string {
  return key === "totalWhs" ? formatMoney(value) : Number(value).toLocaleString("en-US");
}

function ChangeBadge({
  changePercent,
  lowerIsBetter,
}: {
  changePercent: number | null;
  lowerIsBetter: boolean;
}) {
  if (changePercent === null) {
    return <span className="font-medium text-muted-foreground">{orderMessages.noComparison}</span>;
  }
  const rising = changePercent > 0;
  const Icon = rising ? ArrowUpRightIcon : ArrowDownRightIcon;
  const good = rising !== lowerIsBetter;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 font-medium tabular-nums",
        changePercent === 0 ? "text-muted-foreground" : good ? "text-emerald-700" : "text-red-700",
      )}
    >
      {changePercent !== 0 && <Icon aria-hidden="true" className="size-3.5" />}
      {percentFormatter.format(changePercent / 100)}
    </span>
  );
}

function StatCard({
  definition,
  dashboard,
}: {
  definition: StatDefinition;
  dashboard: OrderDashboard | undefined;
}) {
  const titleId = useId();
  const stat = dashboard?.[definition.key];
  const period = dashboard && statPeriod(definition, dashboard);
  return (
    <Card role="group" aria-labelledby={titleId} className="gap-2">
      <CardHeader>
        <h2 id={titleId} className="text-sm font-medium text-muted-foreground">
          {definition.title}
        </h2>
        {period?.caption && <p className="text-xs text-muted-foreground">{period.caption}</p>}
      </CardHeader>
      <CardContent className="flex flex-col gap-1.5">
        {stat && period ? (
          <>
            <p className="text-2xl font-semibold tracking-tight tabular-nums">
              {formatStatValue(definition.key, stat.value)}
            </p>
            <p className="flex flex-wrap items-center gap-x-1.5 text-xs">
              <ChangeBadge
                changePercent={stat.changePercent}
                lowerIsBetter={definition.lowerIsBetter ?? false}
              />
              <span className="text-muted-foreground">
                {orderMessages.dashboardVersus(period.comparedWith)}{" "}
                <span className="tabular-nums">({formatStatValue(definition.key, stat.previous)})</span>
              </span>
            </p>
            {definition.definition && (
              <p className="text-xs text-muted-foreground">{definition.definition}</p>
            )}
          </>
        ) : (
          <div aria-hidden="true" className="flex flex-col gap-2 py-1">
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-3 w-24" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Total WHS, monobrand and multibrand orders and inactive accounts of the month, each against the
 * month before: the current month to date, against the same days of the month before.
 */
export function DashboardStatCards({ dashboard }: { dashboard: OrderDashboard | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {stats.map((definition) => (
        <StatCard key={definition.key} definition={definition} dashboard={dashboard} />
      ))}
    </div>
  );
}
