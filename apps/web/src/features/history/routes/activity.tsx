import { historyActivityPageSize, historyEntityTypeLabels, historyMessages } from "@cm/contracts/history";
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { useEffect, useMemo } from "react";
import { HistoryEntryItem, HistoryLoadingEntries } from "@/components/history/history-entry";
import { PageHeader } from "@/components/list-page";
import { ListLoadError } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ActivityFilters } from "@/features/history/components/activity-filters";
import { useActivityParams } from "@/features/history/hooks/use-activity-params";
import { entityLinks } from "@/features/history/utils/entity-links";
import { usePermissions } from "@/hooks/use-permissions";
import { useHistory } from "@/lib/api/history/get-history";
import { useRefreshHistoryOnWrites } from "@/lib/api/history/use-refresh-history-on-writes";
import { invertedRangeError } from "@/lib/search-params";

/**
 * `/home/activity`: every change made in the company, newest first, 20 a page, filtered by the
 * kind of entity, the person and the dates (all in the URL). Each entry links to its entity's
 * screen when there is one the user may open.
 */
export default function ActivityRoute() {
  const { params, update, filtered } = useActivityParams();
  const { can } = usePermissions();
  const rangeError = invertedRangeError(params.from, params.to, historyMessages.fromAfterTo);
  const { page, ...filters } = params;
  const history = useHistory(
    { ...filters, page, pageSize: historyActivityPageSize },
    { enabled: !rangeError },
  );
  useRefreshHistoryOnWrites();

  const entries = useMemo(() => history.data?.entries ?? [], [history.data]);
  const links = useMemo(() => entityLinks(entries, can), [entries, can]);
  const pagination = history.data?.pagination;
  // A shared link to a page past the end (there were more changes then) shows the last page instead.
  const lastPage = history.isPlaceholderData ? undefined : pagination?.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) update({ page: lastPage });
  }, [lastPage, page, update]);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageHeader title={historyMessages.activityTitle} description={historyMessages.activityDescription} />
      <ActivityFilters params={params} onChange={update} filtered={filtered} rangeError={rangeError} />
      {rangeError ? null : history.isError ? (
        <ListLoadError
          title={historyMessages.loadFailed}
          message={history.error.message}
          onRetry={() => void history.refetch()}
        />
      ) : history.isPending ? (
        <HistoryLoadingEntries rows={6} label={historyMessages.loading} />
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
          <p>{filtered ? historyMessages.noResults : historyMessages.empty}</p>
          {filtered && (
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                update({ entityType: undefined, userId: undefined, from: undefined, to: undefined })
              }
            >
              <XIcon aria-hidden="true" />
              {historyMessages.clearFilters}
            </Button>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <ol
            aria-label={historyMessages.activityTitle}
            aria-busy={history.isPlaceholderData && history.isFetching}
            className="divide-y rounded-lg border"
          >
            {entries.map((entry) => (
              <HistoryEntryItem
                key={entry.id}
                entry={entry}
                entityHref={links.get(entry.id)}
                before={
                  <Badge variant="secondary" className="mr-2 align-text-bottom">
                    {historyEntityTypeLabels[entry.entityType]}
                  </Badge>
                }
              />
            ))}
          </ol>
          {pagination && (
            <nav aria-label="Pages of changes" className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
                {historyMessages.count(pagination.total)} ·{" "}
                {historyMessages.pageOf(pagination.page, Math.max(1, pagination.totalPages))}
              </p>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pagination.page <= 1}
                  onClick={() => update({ page: pagination.page - 1 })}
                >
                  <ChevronLeftIcon aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pagination.page >= pagination.totalPages}
                  onClick={() => update({ page: pagination.page + 1 })}
                >
                  Next
                  <ChevronRightIcon aria-hidden="true" />
                </Button>
              </div>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
