import { portalMessages } from "@cm/contracts/portal";
import { type OrderStatus, orderStatusSchema } from "@cm/contracts/orders";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import { ReceiptTextIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { TablePagination } from "@/components/table-pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { portalPaths } from "@/features/portal/paths";
import { OrderListFilters } from "@/features/portal/components/order-list-filters";
import { OrderListItems } from "@/features/portal/components/order-list-items";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";
import { usePortalOrders } from "@/lib/api/portal/get-portal-orders";

const pageSize = 25;

function OrdersLoading() {
  return (
    <div role="status" aria-label="Loading orders" className="flex flex-col gap-2">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** The list's filters in the URL: `?storeId=` (one of the user's stores), `?status=`, `?page=`. */
function useOrderListParams(storeIds: readonly number[]) {
  const [query, setQuery] = useSearchParams();
  const requestedStore = Number(query.get("storeId"));
  const storeId = storeIds.includes(requestedStore) ? requestedStore : undefined;
  const parsedStatus = orderStatusSchema.safeParse(query.get("status"));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const page = Math.max(1, Math.trunc(Number(query.get("page"))) || 1);
  const change = (values: Record<string, string | undefined>) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  return {
    storeId,
    status,
    page,
    setStore: (id: number | undefined) => change({ storeId: id?.toString(), page: undefined }),
    setStatus: (value: OrderStatus | undefined) => change({ status: value, page: undefined }),
    setPage: (value: number) => change({ page: value > 1 ? String(value) : undefined }),
  };
}

/** `/portal/orders`: the organization's orders the user may follow, filtered by status and store (issue 34). */
export default function PortalOrdersRoute() {
  const me = usePortalMe();
  const stores = me.data?.stores ?? [];
  const params = useOrderListParams(stores.map((store) => store.id));
  // The store filter is known once the user's stores are.
  const orders = usePortalOrders(
    { storeId: params.storeId, status: params.status, page: params.page, pageSize },
    { enabled: me.isSuccess },
  );
  const total = orders.data?.total ?? 0;
  const from = total === 0 ? 0 : (params.page - 1) * pageSize + 1;
  const to = Math.min(total, params.page * pageSize);
  const filtered = params.status !== undefined || params.storeId !== undefined;

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>Orders · Catalog Manager</title>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        Orders
      </h1>
      <OrderListFilters
        stores={stores}
        storeId={params.storeId}
        status={params.status}
        onStore={params.setStore}
        onStatus={params.setStatus}
      />
      {me.isError ? (
        <ListLoadError
          title={portalMessages.meLoadFailed}
          message={me.error.message}
          onRetry={() => void me.refetch()}
        />
      ) : orders.isPending ? (
        <OrdersLoading />
      ) : orders.isError ? (
        <ListLoadError
          title="The orders could not be loaded"
          message={orders.error.message}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState
          icon={<ReceiptTextIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
          title={portalOrderMessages.noOrders}
          description={
            filtered
              ? "No order matches these filters."
              : "Orders you submit from the cart appear here with their status."
          }
          action={
            filtered ? undefined : (
              <Button asChild variant="outline">
                <Link to={portalPaths.home.getHref(params.storeId)}>Browse catalogs</Link>
              </Button>
            )
          }
        />
      ) : (
        <div className="flex flex-col gap-4" aria-busy={orders.isPlaceholderData}>
          <OrderListItems orders={orders.data.orders} />
          <TablePagination
            label="orders"
            list={{
              from,
              to,
              total,
              canPrevious: params.page > 1,
              canNext: to < total,
              previous: () => params.setPage(params.page - 1),
              next: () => params.setPage(params.page + 1),
            }}
          />
        </div>
      )}
    </section>
  );
}
