import { historyMessages } from "@cm/contracts/history";
import { type Order, orderLinesEditableStatus, orderMessages } from "@cm/contracts/orders";
import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { HistoryPanel } from "@/components/history/history-panel";
import { PageHeader } from "@/components/list-page";
import { ListLoadError } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useOrder } from "@/features/orders/api/get-order";
import { OrderDetailActions } from "@/features/orders/components/order-detail-actions";
import { OrderDetailEdit } from "@/features/orders/components/order-detail-edit";
import { OrderDetailLines } from "@/features/orders/components/order-detail-lines";
import { OrderDetailNotFound, OrderDetailSkeleton } from "@/features/orders/components/order-detail-states";
import { OrderDetailSummary } from "@/features/orders/components/order-detail-summary";
import { OrderHistory } from "@/features/orders/components/order-history";
import { OrderSourceBadge } from "@/features/orders/components/order-source-badge";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { isApiError } from "@/lib/api-client";

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function OrderDetail({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false);
  // The edit ends by itself if the order leaves Pending meanwhile (e.g. reloaded after a 409).
  const edit = editing && order.status === orderLinesEditableStatus;
  return (
    <section aria-labelledby="page-title" className="flex flex-1 flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2 self-start" asChild>
          <Link to={paths.home.orders.all.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            All orders
          </Link>
        </Button>
        <PageHeader
          title={order.number}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <span>
                {order.organizationName} · {order.storeName}
              </span>
              <OrderStatusBadge status={order.status} />
              <OrderSourceBadge source={order.source} />
              {order.multibrand && <Badge variant="info">Multibrand</Badge>}
            </span>
          }
          actions={edit ? undefined : <OrderDetailActions order={order} onEdit={() => setEditing(true)} />}
        />
      </div>
      <OrderDetailSummary order={order} />
      {edit ? (
        <OrderDetailEdit key={order._revision} order={order} onDone={() => setEditing(false)} />
      ) : (
        <>
          <OrderDetailLines order={order} />
          <OrderHistory history={order.history} />
          {/* The status path above is the order's own; every change to it (lines too) is below. */}
          <HistoryPanel entityType="order" entityId={order.id} title={historyMessages.orderChangesTitle} />
        </>
      )}
    </section>
  );
}

/**
 * `/home/orders/{orderId}`: the order's facts, its lines by style and size, the status moves it
 * allows, editing of quantities while Pending, and its history. An id that names no order shows
 * "Order not found" with the way back to all orders.
 */
export default function OrderDetailRoute() {
  const { orderId } = useParams();
  const id = parseId(orderId);
  const order = useOrder(id);

  if (id === undefined) return <OrderDetailNotFound />;
  if (order.isError) {
    if (isApiError(order.error) && (order.error.status === 404 || order.error.status === 400)) {
      return <OrderDetailNotFound />;
    }
    return (
      <ListLoadError
        title={orderMessages.orderLoadFailed}
        message={order.error.message}
        onRetry={() => void order.refetch()}
      />
    );
  }
  if (order.isPending) return <OrderDetailSkeleton />;
  return <OrderDetail order={order.data} />;
}
