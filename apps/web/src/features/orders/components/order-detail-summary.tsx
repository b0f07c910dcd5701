import { type Order, orderTypeWithSource } from "@cm/contracts/orders";
import type * as React from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { OrderTotals } from "@/features/orders/components/order-totals";
import { moneyToCents } from "@/features/orders/utils/order-grid-money";
import { formatOrderTimestamp } from "@/features/orders/utils/order-grid";
import { formatDateLong } from "@/lib/format";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/**
 * What an order is: customer (to its orders), store, type, when and by whom it was placed, the
 * ship date where the type has one, its brands and totals (the status is in the page's header).
 */
export function OrderDetailSummary({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-4 rounded-lg border p-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 xl:grid-cols-6">
        <Fact label="Customer">
          <Link
            to={paths.home.orders.all.getHref({ organizationId: String(order.organizationId) })}
            className="font-medium underline decoration-muted-foreground/40 underline-offset-4 hover:decoration-foreground"
          >
            {order.organizationName}
          </Link>
        </Fact>
        <Fact label="Store">{order.storeName}</Fact>
        {/* Beside the order's line lists: an Open Stock order says they are Own Stock ones. */}
        <Fact label="Type">{orderTypeWithSource(order.orderType)}</Fact>
        <Fact label="Placed">
          <time dateTime={order.placedAt} className="tabular-nums">
            {formatOrderTimestamp(order.placedAt)}
          </time>
          {order.placedBy && <span className="block text-muted-foreground">by {order.placedBy.name}</span>}
        </Fact>
        {order.shipDate && (
          <Fact label="Ship date">
            <time dateTime={order.shipDate} className="tabular-nums">
              {formatDateLong(order.shipDate)}
            </time>
          </Fact>
        )}
        <Fact label="Brands">{order.brands.map((brand) => brand.name).join(", ")}</Fact>
      </dl>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 border-t pt-4">
        <span className="text-sm font-semibold">Order total</span>
        <OrderTotals units={order.units} cents={moneyToCents(order.totalWhs) ?? 0} size="large" />
      </div>
    </div>
  );
}
