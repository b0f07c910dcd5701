import { defaultPageSize } from "@cm/contracts/envelope";
import { type OrderListQuery, orderMessages } from "@cm/contracts/orders";
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon, FilterIcon, PlusIcon, XIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type * as React from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/list-page";
import { ListLoadError } from "@/components/list-states";
import { RequirePermission } from "@/components/require-permission";
import { TablePagination } from "@/components/table-pagination";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useOrders } from "@/features/orders/api/get-orders";
import type { BulkStatusResult, OrderToMove } from "@/features/orders/api/update-order-status";
import { DownloadFormsButton } from "@/features/orders/components/download-forms-button";
import { OrderListFilters } from "@/features/orders/components/order-list-filters";
import { OrderListSearch } from "@/features/orders/components/order-list-search";
import { OrderListSelectionBar } from "@/features/orders/components/order-list-selection-bar";
import { OrderListTable } from "@/features/orders/components/order-list-table";
import { useOrderListBulkStatus } from "@/features/orders/hooks/use-order-list-bulk-status";
import { useOrderListExport } from "@/features/orders/hooks/use-order-list-export";
import { useOrderListOptions } from "@/features/orders/hooks/use-order-list-options";
import { toOrderListQuery, useOrderListParams } from "@/features/orders/hooks/use-order-list-params";
import { lineListsQueryOptions } from "@/lib/api/line-lists/get-line-lists";
import { invertedRangeError } from "@/lib/search-params";

/** What a page fixes about its orders, apart from what the person filters. */
export type OrdersListScope = Pick<OrderListQuery, "brandId" | "orderType" | "multibrand">;

export interface OrdersListProps {
  title: string;
  description: string;
  scope: OrdersListScope;
  /** The spec's empty state, when the page has no order at all. */
  emptyText: string;
  /** The exported file's name, before its date. */
  exportName: string;
  /** Shown under the heading (the brand page's brand picker). */
  children?: React.ReactNode;
}

const noSelection: ReadonlyMap<number, OrderToMove> = new Map();

/** The line list an order list is narrowed to (from a catalog card's View Orders), with a way out. */
function LineListFilterChip({ lineListId, onRemove }: { lineListId: number; onRemove: () => void }) {
  const lineLists = useQuery(lineListsQueryOptions());
  const name = lineLists.data?.find((lineList) => lineList.id === lineListId)?.name ?? `#${lineListId}`;
  return (
    <Badge variant="secondary" className="h-8 gap-1 pr-1 text-sm font-normal">
      Line list: {name}
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className="size-6"
        aria-label="Remove the line list filter"
        onClick={onRemove}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </Badge>
  );
}

/**
 * The one order list behind all five order pages (all, per brand, per catalog type, multibrand):
 * filters, search, sort and page in the URL; 10 orders a page from the server; selection with a
 * bulk status change; New Order, Download Forms and an export of the filtered list as CSV.
 */
export function OrdersList({ title, description, scope, emptyText, exportName, children }: OrdersListProps) {
  const filtersId = useId();
  const { params, update, activeFilters, hasFilters } = useOrderListParams();
  // The line list is shown apart (its chip), not among the panel's filters.
  const filterCount = activeFilters - (params.lineListId === undefined ? 0 : 1);
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  const query: OrderListQuery = { ...toOrderListQuery(params, scope), pageSize: defaultPageSize };
  // A range that ends before it starts is not asked for: the filters say why.
  const rangeError = invertedRangeError(params.from, params.to, orderMessages.placedFromAfterTo);
  const orders = useOrders(query, { enabled: !rangeError });
  const { storesById } = useOrderListOptions(params.organizationId);
  const { exportCsv, exporting } = useOrderListExport(exportName);

  // The selection belongs to one set of filters: a new filter or search starts it over.
  const { page: _page, sort: _sort, ...filters } = query;
  const filterKey = JSON.stringify(filters);
  const [selection, setSelection] = useState({ key: filterKey, orders: noSelection });
  const selected = selection.key === filterKey ? selection.orders : noSelection;

  const rows = rangeError ? [] : orders.data?.orders;
  const total = rangeError ? 0 : (orders.data?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / defaultPageSize));

  // A shared or reloaded URL may name a page the list no longer has: show its last page.
  const pastTheEnd = orders.data !== undefined && !orders.isPlaceholderData && params.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) update({ page: pageCount }, { replace: true });
  }, [pastTheEnd, pageCount, update]);

  function select(changed: OrderToMove[], isSelected: boolean) {
    const next = new Map(selected);
    for (const order of changed) {
      if (isSelected) next.set(order.id, order);
      else next.delete(order.id);
    }
    setSelection({ key: filterKey, orders: next });
  }

  // Orders that could not move stay selected, to be looked at or tried again.
  const bulk = useOrderListBulkStatus((result: BulkStatusResult) =>
    setSelection({
      key: filterKey,
      orders: new Map(result.refused.map(({ order }) => [order.id, order])),
    }),
  );
  // The rows on screen hold the latest status and revision of the orders they show.
  const current = new Map((rows ?? []).map((order) => [order.id, order]));
  const selectedOrders = [...selected.values()].map((order) => current.get(order.id) ?? order);

  const presetOrganizationId =
    params.organizationId ?? (params.storeId ? storesById.get(params.storeId)?.organizationId : undefined);
  const newOrderHref = paths.home.orders.create.getHref({
    organizationId: presetOrganizationId?.toString(),
    storeId: params.storeId?.toString(),
    orderType: scope.orderType,
    lineListId: params.lineListId?.toString(),
  });

  const empty = hasFilters ? (
    orderMessages.noResults
  ) : (
    <span className="flex flex-col items-center gap-3">
      {emptyText}
      <RequirePermission permission="orders.manage" mode="hide">
        <Button variant="outline" size="sm" asChild>
          <Link to={newOrderHref}>
            <PlusIcon aria-hidden="true" />
            New Order
          </Link>
        </Button>
      </RequirePermission>
    </span>
  );

  const first = (params.page - 1) * defaultPageSize;

  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            <DownloadFormsButton />
            <Button
              type="button"
              variant="outline"
              disabled={exporting || total === 0}
              onClick={() => exportCsv(query)}
            >
              <DownloadIcon aria-hidden="true" />
              {exporting ? "Exporting..." : "Export CSV"}
            </Button>
            <RequirePermission permission="orders.manage">
              <Button asChild>
                <Link to={newOrderHref}>
                  <PlusIcon aria-hidden="true" />
                  New Order
                </Link>
              </Button>
            </RequirePermission>
          </>
        }
      />
      {children}

      <div className="flex flex-wrap items-center gap-2">
        <OrderListSearch value={params.q} onSearch={(q) => update({ q }, { replace: true })} />
        <Button
          type="button"
          variant="outline"
          aria-label={filterCount > 0 ? `Filters (${filterCount} active)` : "Filters"}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <FilterIcon aria-hidden="true" />
          Filters
          {filterCount > 0 && (
            <Badge variant="secondary" className="px-1.5 tabular-nums" aria-hidden="true">
              {filterCount}
            </Badge>
          )}
        </Button>
        {params.lineListId !== undefined && (
          <LineListFilterChip
            lineListId={params.lineListId}
            onRemove={() => update({ lineListId: undefined })}
          />
        )}
      </div>
      {filtersOpen && (
        <OrderListFilters id={filtersId} params={params} rangeError={rangeError} onChange={update} />
      )}

      <OrderListSelectionBar
        selected={selectedOrders}
        pending={bulk.pending}
        onClear={() => setSelection({ key: filterKey, orders: noSelection })}
        onChangeStatus={(newStatus) => bulk.requestChange(selectedOrders, newStatus)}
      />

      {orders.isError ? (
        <ListLoadError
          title={orderMessages.listLoadFailed}
          message={orders.error.message}
          onRetry={() => void orders.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <OrderListTable
            orders={rows}
            loading={orders.isPending && !rangeError}
            busy={orders.isPlaceholderData && !rangeError}
            sort={params.sort}
            onSort={(sort) => update({ sort })}
            selected={new Set(selected.keys())}
            onSelect={select}
            empty={rangeError ?? empty}
          />
          {!orders.isPending && !rangeError && (
            <TablePagination
              label="orders"
              list={{
                from: total === 0 || !rows?.length ? 0 : first + 1,
                to: first + (rows?.length ?? 0),
                total,
                totalIsLowerBound: orders.data?.totalIsLowerBound,
                canPrevious: params.page > 1,
                canNext: params.page < pageCount,
                previous: () => update({ page: params.page - 1 }),
                next: () => update({ page: params.page + 1 }),
              }}
            />
          )}
        </div>
      )}
      {bulk.dialog}
    </section>
  );
}
