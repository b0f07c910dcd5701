import { defaultPageSize } from "@cm/contracts/envelope";
import type { LineListStatusFilter, LineListWithCatalogs } from "@cm/contracts/line-lists";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useId, useState } from "react";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { useLineListsWithCatalogs } from "@/features/catalogs/api/get-line-lists-with-catalogs";
import { LineListCard, LineListCardSkeleton } from "@/features/catalogs/components/line-list-card";

export interface CatalogSectionProps {
  title: string;
  status: Exclude<LineListStatusFilter, "all">;
  emptyTitle: string;
  emptyDescription: string;
  onPublish: (lineList: LineListWithCatalogs) => void;
  onCancelSchedule: (lineList: LineListWithCatalogs) => void;
}

/** One section of the catalogs page: a page of line list cards of one publication status. */
export function CatalogSection({
  title,
  status,
  emptyTitle,
  emptyDescription,
  onPublish,
  onCancelSchedule,
}: CatalogSectionProps) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useLineListsWithCatalogs({ status, page, pageSize: defaultPageSize });
  const pagination = query.data?.pagination;
  const lineLists = query.data?.data ?? [];
  // A publish may empty the last page: step back to the page before it.
  if (pagination && page > 1 && page > pagination.totalPages) setPage(Math.max(1, pagination.totalPages));

  return (
    <section aria-labelledby={headingId} aria-busy={query.isFetching} className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
          {pagination ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground tabular-nums">
              {pagination.total}
            </span>
          ) : null}
        </h2>
      </div>

      {query.isError ? (
        <ListLoadError
          title={`${title} could not be loaded`}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <div role="status" className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
          <span className="sr-only">Loading {title.toLowerCase()}…</span>
          <LineListCardSkeleton />
          <LineListCardSkeleton />
          <LineListCardSkeleton />
        </div>
      ) : lineLists.length === 0 ? (
        <EmptyState title={emptyTitle} description={emptyDescription} />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {lineLists.map((lineList) => (
            <LineListCard
              key={lineList.id}
              lineList={lineList}
              onPublish={onPublish}
              onCancelSchedule={onCancelSchedule}
            />
          ))}
        </div>
      )}

      {pagination && pagination.totalPages > 1 ? (
        <nav
          aria-label={`Pages of ${title.toLowerCase()}`}
          className="flex items-center justify-between gap-4"
        >
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            Page {pagination.page} of {pagination.totalPages}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pagination.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}
