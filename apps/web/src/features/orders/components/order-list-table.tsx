import type { OrderListItem, OrderSort } from "@cm/contracts/orders";
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { OrderSourceBadge } from "@/features/orders/components/order-source-badge";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { formatInstantDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

type SortField = Exclude<OrderSort, `-${string}`>;

interface Column {
  header: string;
  sort?: SortField;
  numeric?: boolean;
}

const columns: Column[] = [
  { header: "Number" },
  { header: "Customer", sort: "customer" },
  { header: "Store", sort: "store" },
  { header: "Date placed", sort: "placedAt" },
  { header: "Brands", sort: "brands" },
  { header: "Status", sort: "status" },
  { header: "Units", sort: "units", numeric: true },
  { header: "Total WHS", sort: "totalWhs", numeric: true },
];

/** The selection column, then the data columns. */
const columnCount = columns.length + 1;

/** Ascending on the first click, then each click turns the order around. */
function nextOrderSort(current: OrderSort, field: SortField): OrderSort {
  return current === field ? `-${field}` : field;
}

function SortableHead({
  column,
  sort,
  onSort,
}: {
  column: Column & { sort: SortField };
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
}) {
  const direction = sort === column.sort ? "ascending" : sort === `-${column.sort}` ? "descending" : "none";
  const Icon =
    direction === "ascending" ? ArrowUpIcon : direction === "descending" ? ArrowDownIcon : ChevronsUpDownIcon;
  return (
    <TableHead aria-sort={direction} className={cn("px-3", column.numeric && "text-right")}>
      <button
        type="button"
        onClick={() => onSort(nextOrderSort(sort, column.sort))}
        className={cn(
          "-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50",
          column.numeric && "flex-row-reverse",
        )}
      >
        {column.header}
        <Icon
          aria-hidden="true"
          className={cn("size-3.5", direction === "none" ? "text-muted-foreground/60" : "text-foreground")}
        />
      </button>
    </TableHead>
  );
}

export interface OrderListTableProps {
  orders: OrderListItem[] | undefined;
  /** The first page is loading: skeleton rows. */
  loading: boolean;
  /** Another page or filter is loading while the previous rows stay. */
  busy: boolean;
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (orders: OrderListItem[], selected: boolean) => void;
  /** What the table says when no order is on the page. */
  empty: React.ReactNode;
}

/** One page of orders: each links to its detail; the columns sort on the server. */
export function OrderListTable({
  orders,
  loading,
  busy,
  sort,
  onSort,
  selected,
  onSelect,
  empty,
}: OrderListTableProps) {
  const rows = orders ?? [];
  const selectedOnPage = rows.filter((order) => selected.has(order.id)).length;
  const pageChecked =
    rows.length > 0 && selectedOnPage === rows.length ? true : selectedOnPage > 0 ? "indeterminate" : false;

  return (
    <div className="rounded-lg border">
      <Table aria-label="Orders" aria-busy={loading || busy} className={cn(busy && "opacity-70")}>
        <TableHeader className="sticky top-0 bg-background">
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-10 px-3">
              <Checkbox
                aria-label="Select all orders on this page"
                checked={pageChecked}
                disabled={rows.length === 0}
                onCheckedChange={(checked) => onSelect(rows, checked === true)}
              />
            </TableHead>
            {columns.map((column) =>
              column.sort ? (
                <SortableHead
                  key={column.header}
                  column={{ ...column, sort: column.sort }}
                  sort={sort}
                  onSort={onSort}
                />
              ) : (
                <TableHead key={column.header} className="px-3">
                  {column.header}
                </TableHead>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            <TableLoadingRows columns={columnCount} />
          ) : rows.length === 0 ? (
            <TableEmptyRow colSpan={columnCount}>{empty}</TableEmptyRow>
          ) : (
            rows.map((order) => {
              const isSelected = selected.has(order.id);
              const brands = order.brands.map((brand) => brand.name).join(", ");
              return (
                <TableRow key={order.id} data-state={isSelected ? "selected" : undefined}>
                  <TableCell className="px-3">
                    <Checkbox
                      aria-label={`Select ${order.number}`}
                      checked={isSelected}
                      onCheckedChange={(checked) => onSelect([order], checked === true)}
                    />
                  </TableCell>
                  <TableCell className="px-3">
                    <span className="flex items-center gap-2">
                      <Link
                        to={paths.home.orders.detail.getHref(order.id)}
                        className="rounded-sm font-medium tabular-nums underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        {order.number}
                      </Link>
                      <OrderSourceBadge source={order.source} />
                    </span>
                  </TableCell>
                  <TableCell className="max-w-56 truncate px-3" title={order.organizationName}>
                    {order.organizationName}
                  </TableCell>
                  <TableCell className="max-w-48 truncate px-3" title={order.storeName}>
                    {order.storeName}
                  </TableCell>
                  <TableCell className="px-3 tabular-nums">
                    <time dateTime={order.placedAt}>{formatInstantDate(order.placedAt)}</time>
                  </TableCell>
                  <TableCell className="max-w-56 truncate px-3" title={brands}>
                    {brands || "—"}
                  </TableCell>
                  <TableCell className="px-3">
                    <OrderStatusBadge status={order.status} />
                  </TableCell>
                  <TableCell className="px-3 text-right tabular-nums">
                    {order.units.toLocaleString("en-US")}
                  </TableCell>
                  <TableCell className="px-3 text-right tabular-nums">
                    {formatMoney(order.totalWhs)}
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}
