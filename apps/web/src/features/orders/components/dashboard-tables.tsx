import {
  type MostUnitsSold,
  type OrderListItem,
  orderMessages,
  type TopCustomer,
} from "@cm/contracts/orders";
import { useId } from "react";
import type * as React from "react";
import { Link } from "react-router";
import { ItemImage } from "@/components/item-image";
import { TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { OrderSourceBadge } from "@/features/orders/components/order-source-badge";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { monthDateRange } from "@/features/orders/utils/dashboard-month";
import { formatInstantDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

const linkClass =
  "rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

const numberClass = "text-right tabular-nums";

interface Column {
  header: string;
  numeric?: boolean;
}

/** A titled card around one table: skeleton rows while loading, the empty text when there is no row. */
function DashboardTable<T>({
  title,
  columns,
  rows,
  empty,
  rowKey,
  renderRow,
  className,
}: {
  title: string;
  columns: readonly Column[];
  /** Undefined while the first answer loads. */
  rows: readonly T[] | undefined;
  empty: React.ReactNode;
  rowKey: (row: T) => React.Key;
  renderRow: (row: T) => React.ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card className={cn("min-w-0 gap-2 pb-1", className)}>
      <CardHeader>
        <h2 id={titleId} className="font-semibold leading-none">
          {title}
        </h2>
      </CardHeader>
      <Table aria-labelledby={titleId} aria-busy={rows === undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead
                key={column.header}
                className={cn("px-4 text-muted-foreground", column.numeric && "text-right")}
              >
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows === undefined ? (
            <TableLoadingRows columns={columns.length} />
          ) : rows.length === 0 ? (
            <TableEmptyRow colSpan={columns.length}>{empty}</TableEmptyRow>
          ) : (
            rows.map((row) => <TableRow key={rowKey(row)}>{renderRow(row)}</TableRow>)
          )}
        </TableBody>
      </Table>
    </Card>
  );
}

const lastOrderColumns: readonly Column[] = [
  { header: "Number" },
  { header: "Customer" },
  { header: "Store" },
  { header: "Date placed" },
  { header: "Status" },
  { header: "Total WHS", numeric: true },
];

/** The month's newest orders, each linking to its detail and to its customer's orders. */
export function DashboardLastOrders({
  orders,
  monthLabel,
}: {
  orders: OrderListItem[] | undefined;
  monthLabel: string;
}) {
  return (
    <DashboardTable
      title="Last Orders"
      columns={lastOrderColumns}
      rows={orders}
      empty={orderMessages.noOrdersInMonth(monthLabel)}
      rowKey={(order) => order.id}
      renderRow={(order) => (
        <>
          <TableCell className="px-4">
            <span className="flex items-center gap-2">
              <Link to={paths.home.orders.detail.getHref(order.id)} className={cn(linkClass, "tabular-nums")}>
                {order.number}
              </Link>
              <OrderSourceBadge source={order.source} />
            </span>
          </TableCell>
          <TableCell className="max-w-56 truncate px-4" title={order.organizationName}>
            <Link
              to={paths.home.orders.all.getHref({ organizationId: String(order.organizationId) })}
              className={linkClass}
            >
              {order.organizationName}
            </Link>
          </TableCell>
          <TableCell className="max-w-48 truncate px-4" title={order.storeName}>
            {order.storeName}
          </TableCell>
          <TableCell className="px-4 tabular-nums">
            <time dateTime={order.placedAt}>{formatInstantDate(order.placedAt)}</time>
          </TableCell>
          <TableCell className="px-4">
            <OrderStatusBadge status={order.status} />
          </TableCell>
          <TableCell className={cn("px-4", numberClass)}>{formatMoney(order.totalWhs)}</TableCell>
        </>
      )}
    />
  );
}

const topCustomerColumns: readonly Column[] = [
  { header: "Customer" },
  { header: "Orders", numeric: true },
  { header: "Units", numeric: true },
  { header: "Total WHS", numeric: true },
];

/** The customers with the most WHS in the month; each links to its orders of that month, which add up to the row. */
export function DashboardTopCustomers({
  customers,
  month,
  monthLabel,
}: {
  customers: TopCustomer[] | undefined;
  month: string;
  monthLabel: string;
}) {
  const range = monthDateRange(month);
  return (
    <DashboardTable
      title="Top Customers"
      columns={topCustomerColumns}
      rows={customers}
      empty={orderMessages.noCustomersInMonth(monthLabel)}
      rowKey={(customer) => customer.organizationId}
      renderRow={(customer) => (
        <>
          <TableCell className="max-w-56 truncate px-4" title={customer.organizationName}>
            <Link
              to={paths.home.orders.all.getHref({
                organizationId: String(customer.organizationId),
                ...range,
              })}
              className={linkClass}
            >
              {customer.organizationName}
            </Link>
          </TableCell>
          <TableCell className={cn("px-4", numberClass)}>{customer.orders.toLocaleString("en-US")}</TableCell>
          <TableCell className={cn("px-4", numberClass)}>{customer.units.toLocaleString("en-US")}</TableCell>
          <TableCell className={cn("px-4", numberClass)}>{formatMoney(customer.totalWhs)}</TableCell>
        </>
      )}
    />
  );
}

const mostUnitsSoldColumns: readonly Column[] = [
  { header: "Style" },
  { header: "Brand" },
  { header: "Units", numeric: true },
];

/** The styles with the most units in the month; each links to its line list's segmentation screen. */
export function DashboardMostUnitsSold({
  styles,
  monthLabel,
}: {
  styles: MostUnitsSold[] | undefined;
  monthLabel: string;
}) {
  return (
    <DashboardTable
      title="Most Units Sold"
      columns={mostUnitsSoldColumns}
      rows={styles}
      empty={orderMessages.noUnitsSoldInMonth(monthLabel)}
      rowKey={(style) => style.productId}
      renderRow={(style) => {
        const name = [style.name, style.color].filter(Boolean).join(" · ");
        return (
          <>
            <TableCell className="px-4">
              <div className="flex min-w-0 items-center gap-3">
                <ItemImage
                  imageUrls={style.imageUrl ? [style.imageUrl] : null}
                  alt={style.name ?? style.modelCode}
                  className="size-10 shrink-0"
                />
                <Link
                  to={paths.home.catalogSegmentation.getHref(style.lineListId)}
                  className={cn(linkClass, "flex min-w-0 flex-col")}
                >
                  <span>{style.modelCode}</span>{" "}
                  {name && (
                    <span
                      className="max-w-56 truncate text-xs font-normal text-muted-foreground"
                      title={name}
                    >
                      {name}
                    </span>
                  )}
                </Link>
              </div>
            </TableCell>
            <TableCell className="max-w-40 truncate px-4" title={style.brand.name}>
              {style.brand.name}
            </TableCell>
            <TableCell className={cn("px-4", numberClass)}>{style.units.toLocaleString("en-US")}</TableCell>
          </>
        );
      }}
    />
  );
}
