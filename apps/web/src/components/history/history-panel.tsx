import { type HistoryEntityType, historyMessages } from "@cm/contracts/history";
import { useId, useMemo } from "react";
import { HistoryEntryItem, HistoryLoadingEntries } from "@/components/history/history-entry";
import { ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { useCan } from "@/hooks/use-permissions";
import { useHistoryFeed } from "@/lib/api/history/get-history";
import { useRefreshHistoryOnWrites } from "@/lib/api/history/use-refresh-history-on-writes";

export interface HistoryTarget {
  entityType: HistoryEntityType;
  entityId: number;
}

/**
 * The changes to one entity, newest first, a page at a time ("Show more"), with its loading,
 * empty and error states. `label` names the list: the panel's or the sheet's title.
 */
export function HistoryFeed({ entityType, entityId, label }: HistoryTarget & { label: string }) {
  const feed = useHistoryFeed({ entityType, entityId });
  useRefreshHistoryOnWrites();
  // A change made between two pages shifts the next page by one: the repeated entry shows once.
  const entries = useMemo(() => {
    const seen = new Set<number>();
    return (feed.data?.pages ?? [])
      .flatMap((page) => page.entries)
      .filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
  }, [feed.data]);
  const total = feed.data?.pages.at(-1)?.pagination.total ?? 0;

  if (feed.isPending) return <HistoryLoadingEntries label={historyMessages.loading} />;
  if (feed.isError && !feed.data) {
    return (
      <ListLoadError
        title={historyMessages.loadFailed}
        message={feed.error.message}
        onRetry={() => void feed.refetch()}
      />
    );
  }
  if (entries.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        {historyMessages.empty}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label={label} className="divide-y rounded-lg border">
        {entries.map((entry) => (
          <HistoryEntryItem key={entry.id} entry={entry} />
        ))}
      </ol>
      {feed.hasNextPage && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {entries.length.toLocaleString("en-US")} of {historyMessages.count(total)}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
          >
            {historyMessages.showMore}
          </Button>
        </div>
      )}
      {feed.isFetchNextPageError && (
        <p role="alert" className="text-sm text-destructive">
          {historyMessages.loadFailed}: {feed.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * The History section at the bottom of an entity's screen. Nothing at all for a user
 * without `history.view`: the server would refuse the call anyway.
 */
export function HistoryPanel({
  entityType,
  entityId,
  title = historyMessages.title,
}: HistoryTarget & { title?: string }) {
  const titleId = useId();
  const allowed = useCan("history.view");
  if (!allowed) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold">
        {title}
      </h2>
      <HistoryFeed entityType={entityType} entityId={entityId} label={title} />
    </section>
  );
}
