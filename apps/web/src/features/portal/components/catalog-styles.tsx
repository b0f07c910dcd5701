import { portalCatalogMessages, portalStylesPageSizeDefault } from "@cm/contracts/portal-catalogs";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { TablePagination } from "@/components/table-pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { CatalogFilters } from "@/features/portal/components/catalog-filters";
import {
  type CatalogParams,
  catalogParamDefaults,
  readCatalogParams,
} from "@/features/portal/components/catalog-params";
import { LineListSummary } from "@/features/portal/components/line-list-summary";
import type { CartAccess } from "@/features/portal/components/size-grid";
import { handleSizeGridKeyDown } from "@/features/portal/components/size-grid-keys";
import { StyleCard, StyleRow } from "@/features/portal/components/style-card";
import { useUrlParams } from "@/hooks/use-url-params";
import type { PortalStylesFilters, PortalStylesSource } from "@/lib/api/portal/get-portal-styles";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";

const pageSize = portalStylesPageSizeDefault;

function filtersOf(params: CatalogParams): PortalStylesFilters {
  return {
    catalogType: params.catalogType,
    q: params.q || undefined,
    gender: params.gender || undefined,
    color: params.color || undefined,
    page: params.page,
    pageSize,
  };
}

function CatalogLoading() {
  return (
    <div role="status" aria-label="Loading the styles" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-5 w-48" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-72 w-full" />
        ))}
      </div>
    </div>
  );
}

function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Button variant="ghost" size="sm" className="-ml-2 self-start" asChild>
      <Link to={href}>
        <ArrowLeftIcon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}

/**
 * A line list's catalog as a store sees it: the line list's header, search and filters in the URL,
 * the styles as cards or rows (at most a page of 48) each with its size grid, and the pages.
 * Where the styles come from (`source`) and whether quantities can be typed (`cart`; null:
 * read-only) are the caller's: the portal for a customer, staff's "View as store".
 */
export function CatalogStyles({
  lineListId,
  source,
  cart,
  backHref,
  backLabel,
  actions,
}: {
  lineListId: number;
  source: PortalStylesSource;
  cart: CartAccess | null;
  backHref: string;
  backLabel: string;
  /** Beside the header (the cart's summary). */
  actions?: React.ReactNode;
}) {
  const { params, update } = useUrlParams(readCatalogParams, catalogParamDefaults);
  const filters = filtersOf(params);
  const query = useQuery({
    queryKey: source.queryKey(lineListId, filters),
    queryFn: ({ signal }) => source.get(lineListId, filters, signal),
    placeholderData: keepPreviousData,
  });

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink href={backHref} label={backLabel} />
        <CatalogLoading />
      </div>
    );
  }
  if (query.isError && !query.data) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <BackLink href={backHref} label={backLabel} />
        {notFound ? (
          <EmptyState
            title={portalCatalogMessages.lineListNotFound}
            description="It is not published for this store, or it no longer exists."
          />
        ) : (
          <ListLoadError
            title={portalCatalogMessages.stylesLoadFailed}
            message={query.error.message}
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );
  }

  const { lineList, styles, total } = query.data;
  const from = total === 0 ? 0 : (params.page - 1) * pageSize + 1;
  const to = Math.min(params.page * pageSize, total);
  const filtered = Boolean(params.q || params.catalogType || params.gender || params.color);
  const StyleView = params.view === "rows" ? StyleRow : StyleCard;
  // The pager is under the styles: the next page starts at the top.
  const turnTo = (page: number) => {
    update({ page });
    document.getElementById("page-title")?.scrollIntoView?.({ block: "start" });
  };

  return (
    <div className="flex flex-col gap-5">
      <title>{`${lineList.name} · Catalog Manager`}</title>
      <div className="flex flex-col gap-3">
        <BackLink href={backHref} label={backLabel} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1.5">
            <p className="text-sm text-muted-foreground">{lineList.brandName}</p>
            <h1 id="page-title" className="scroll-mt-24 text-2xl font-semibold tracking-tight break-words">
              {lineList.name}
            </h1>
            <LineListSummary lineList={lineList} showNew={false} />
          </div>
          {actions}
        </div>
      </div>

      <CatalogFilters params={params} data={query.data} onChange={update} />

      {query.isError ? (
        <ListLoadError
          title={portalCatalogMessages.stylesLoadFailed}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : null}

      {styles.length === 0 ? (
        <EmptyState
          icon={<SearchXIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
          title={filtered ? portalCatalogMessages.noStyles : "No styles yet"}
          description={
            filtered
              ? "Change the search or the filters to see more."
              : "Nothing of this line list is in a catalog published for the store yet."
          }
          action={
            filtered ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  update({ q: undefined, catalogType: undefined, gender: undefined, color: undefined })
                }
              >
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        // One key handler for every size field of the page: the arrow keys move between them.
        <ul
          aria-label={`Styles of ${lineList.name}`}
          aria-busy={query.isPlaceholderData}
          onKeyDown={handleSizeGridKeyDown}
          className={cn(
            "transition-opacity aria-busy:opacity-60",
            params.view === "rows"
              ? "flex flex-col divide-y rounded-lg border px-3"
              : "grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
          )}
        >
          {styles.map((style, row) => (
            <StyleView key={style.modelCode} style={style} lineListId={lineList.id} row={row} cart={cart} />
          ))}
        </ul>
      )}

      {total > 0 ? (
        <TablePagination
          label="styles"
          list={{
            from,
            to,
            total,
            canPrevious: params.page > 1,
            canNext: to < total,
            previous: () => turnTo(params.page - 1),
            next: () => turnTo(params.page + 1),
          }}
        />
      ) : null}
    </div>
  );
}
