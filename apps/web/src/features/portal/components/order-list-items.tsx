import { orderTypeLabels } from "@cm/contracts/orders";
import type { PortalOrderListItem } from "@cm/contracts/portal-orders";
import { Link } from "react-router";
import { portalPaths } from "@/features/portal/paths";
import { formatUnits } from "@/features/portal/components/cart-groups";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { formatInstantDate, formatMoney } from "@/lib/format";

/** The orders as one link each: number and status, store, day placed, type, units and WHS total. */
export function OrderListItems({ orders }: { orders: readonly PortalOrderListItem[] }) {
  return (
    <ul className="flex flex-col divide-y rounded-lg border">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={portalPaths.order.getHref(order.id)}
            aria-label={`Order ${order.number}, ${order.storeName}, ${formatInstantDate(order.placedAt)}`}
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3 outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:grid-cols-[9rem_1fr_6rem_7rem_11rem_7rem] sm:items-center"
          >
            <span className="font-medium tabular-nums">{order.number}</span>
            <span className="justify-self-end sm:order-last sm:justify-self-start">
              <OrderStatusBadge status={order.status} />
            </span>
            <span className="truncate text-sm">{order.storeName}</span>
            <span className="justify-self-end text-sm text-muted-foreground tabular-nums sm:justify-self-auto sm:text-foreground">
              {formatInstantDate(order.placedAt)}
            </span>
            <span className="text-sm text-muted-foreground">{orderTypeLabels[order.orderType]}</span>
            <span className="text-sm tabular-nums sm:text-right">
              {formatUnits(order.units)} · <span className="font-medium">{formatMoney(order.totalWhs)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
