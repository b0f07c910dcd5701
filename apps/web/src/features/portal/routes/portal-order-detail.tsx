import { orderMessages, orderSourceLabels, orderTypeLabels } from "@cm/contracts/orders";
import { type PortalOrder, portalOrderMessages } from "@cm/contracts/portal-orders";
import { ArrowLeftIcon, RotateCcwIcon, ShoppingCartIcon, XCircleIcon } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { portalPaths } from "@/features/portal/paths";
import { OrderDetailLines } from "@/features/portal/components/order-detail-lines";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { OrderStatusHistory } from "@/features/portal/components/order-status-history";
import { useReorderPortalOrder } from "@/features/portal/hooks/use-reorder-portal-order";
import { useCancelPortalOrder } from "@/lib/api/portal/cancel-portal-order";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";
import { usePortalOrder } from "@/lib/api/portal/get-portal-order";
import type { ReorderResult } from "@/lib/api/portal/reorder-portal-order";
import { isApiError } from "@/lib/api-client";
import { formatInstantDateTime } from "@/lib/format";

/** The cancellation's warning, without the staff screen's undo (the portal offers none). */
const cancelDescription = `${orderMessages.cancelConfirmDescription.split(". ")[0]}.`;

function DetailLoading() {
  return (
    <div role="status" aria-label="Loading the order" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function OrderFacts({ order }: { order: PortalOrder }) {
  const facts: [string, string][] = [
    ["Store", order.storeName],
    ["Placed", formatInstantDateTime(order.placedAt)],
    ["Placed by", order.placedBy?.name ?? orderSourceLabels[order.source]],
    ["Type", orderTypeLabels[order.orderType]],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="truncate font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SkippedLines({ skipped }: { skipped: ReorderResult["skipped"] }) {
  return (
    <Alert>
      <AlertTitle>{portalOrderMessages.reorderSkipped(skipped.length)}</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {skipped.map((line) => (
            <li key={line.sku}>
              {line.modelCode} ({line.sku}): {line.reason}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

function OrderDetail({ order, canOrder }: { order: PortalOrder; canOrder: boolean }) {
  const cancel = useCancelPortalOrder();
  const reorder = useReorderPortalOrder();
  const [confirming, setConfirming] = useState(false);
  const [skipped, setSkipped] = useState<ReorderResult["skipped"]>([]);

  function confirmCancel() {
    cancel.mutate(
      { orderId: order.id, revision: order._revision },
      {
        onSuccess: () => toast.success(portalOrderMessages.cancelled),
        onError: (error) => toast.error(error.message),
        onSettled: () => setConfirming(false),
      },
    );
  }

  function runReorder() {
    setSkipped([]);
    reorder.mutate(
      { orderId: order.id, storeId: order.storeId },
      {
        onSuccess: (result) => {
          toast.success(portalOrderMessages.reordered(result.added));
          if (result.skipped.length > 0) {
            toast.warning(portalOrderMessages.reorderSkipped(result.skipped.length));
            setSkipped(result.skipped);
          }
        },
        onError: (error) => toast.error(isApiError(error) ? error.message : String(error)),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1
            id="page-title"
            className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight"
          >
            Order {order.number}
            <OrderStatusBadge status={order.status} />
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          {canOrder && order.status === "pending" ? (
            <Button variant="outline" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
              <XCircleIcon aria-hidden="true" />
              Cancel order
            </Button>
          ) : null}
          {canOrder ? (
            <Button variant="outline" onClick={runReorder} disabled={reorder.isPending}>
              <RotateCcwIcon aria-hidden="true" />
              {reorder.isPending ? "Reordering…" : "Reorder"}
            </Button>
          ) : null}
          {canOrder ? (
            <Button asChild variant="outline">
              <Link to={portalPaths.cart.getHref(order.storeId)}>
                <ShoppingCartIcon aria-hidden="true" />
                Go to cart
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <OrderFacts order={order} />
      {skipped.length > 0 ? <SkippedLines skipped={skipped} /> : null}
      <section aria-labelledby="lines-title" className="flex flex-col gap-3">
        <h2 id="lines-title" className="text-lg font-semibold">
          Lines
        </h2>
        <OrderDetailLines order={order} />
      </section>
      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          Status history
        </h2>
        <OrderStatusHistory history={order.history} />
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={orderMessages.cancelConfirmTitle(order.number)}
        description={cancelDescription}
        confirmLabel="Yes, cancel order"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        destructive
        onConfirm={confirmCancel}
      />
    </div>
  );
}

/** `/portal/orders/:orderId`: one of the organization's orders, its lines and history; Cancel and Reorder (issue 34). */
export default function PortalOrderDetailRoute() {
  const params = useParams();
  const parsed = Number(params.orderId);
  const orderId = Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
  const order = usePortalOrder(orderId);
  const me = usePortalMe();
  const canOrder = me.data?.permissions.includes("portal.orders.manage") ?? false;
  const notFound = orderId === undefined || (isApiError(order.error) && order.error.status === 404);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <title>{order.data ? `Order ${order.data.number} · Catalog Manager` : "Order · Catalog Manager"}</title>
      <Link
        to={portalPaths.orders.getHref(order.data?.storeId)}
        className="flex w-fit items-center gap-1 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Orders
      </Link>
      {notFound ? (
        <>
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Order
          </h1>
          <EmptyState
            title={portalOrderMessages.notFound}
            description="It may belong to another organization, or the link is wrong."
          />
        </>
      ) : order.isPending ? (
        <DetailLoading />
      ) : order.isError ? (
        <>
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Order
          </h1>
          <ListLoadError
            title="The order could not be loaded"
            message={order.error.message}
            onRetry={() => void order.refetch()}
          />
        </>
      ) : (
        <OrderDetail order={order.data} canOrder={canOrder} />
      )}
    </section>
  );
}
