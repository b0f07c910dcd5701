import {
  itemMessages,
  type PreviewSummary,
  type PreviewView,
  previewMessages,
  previewViewLabels,
  previewViewValues,
} from "@cm/contracts/line-list-preview";
import { lineListTypeLabels } from "@cm/contracts/line-lists";
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeftIcon,
  CircleCheckIcon,
  InfoIcon,
  LayoutGridIcon,
  PlusIcon,
  SaveIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ListLoadError } from "@/components/list-states";
import { SearchInput } from "@/components/search-input";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useConfirmPreview } from "@/features/line-lists/api/confirm-preview";
import { useDiscardPreview } from "@/features/line-lists/api/discard-preview";
import { AddPreviewStyleDialog } from "@/features/line-lists/components/add-preview-style-dialog";
import { LineListSavedDialog } from "@/features/line-lists/components/line-list-saved-dialog";
import { PreviewColumnChooser } from "@/features/line-lists/components/preview-column-chooser";
import { defaultVisibleColumnIds, previewColumns } from "@/features/line-lists/components/preview-columns";
import { PreviewDates } from "@/features/line-lists/components/preview-dates";
import { PreviewStylesTable } from "@/features/line-lists/components/preview-styles-table";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { usePreviewStyles } from "@/lib/api/line-list-preview/get-preview-styles";
import { usePreviewSummary } from "@/lib/api/line-list-preview/get-preview-summary";
import { previewKeys } from "@/lib/api/line-list-preview/preview-keys";
import { isApiError } from "@/lib/api-client";
import { formatMoney } from "@/lib/format";
import { uiText } from "@/lib/ui-text";

/** The search box waits this long after the last key before asking the server. */
const searchDebounceMs = 300;

function countLabel(view: PreviewView, summary: PreviewSummary): string {
  return `${previewViewLabels[view]} (${summary.counts[view].toLocaleString("en-US")})`;
}

function DroppedStyles({ summary }: { summary: PreviewSummary }) {
  if (summary.action !== "update" || summary.dropped.count === 0) return null;
  return (
    <Alert>
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{previewMessages.droppedNotice(summary.dropped.count)}</AlertTitle>
      <AlertDescription>
        <details className="w-full">
          <summary className="cursor-pointer text-sm font-medium text-foreground">Show the styles</summary>
          <ul
            className="mt-2 max-h-48 overflow-auto rounded-md border text-sm"
            tabIndex={0}
            aria-label="Dropped styles"
          >
            {summary.dropped.styles.map((style) => (
              <li
                key={style.model_code}
                className="flex flex-wrap gap-x-3 border-b px-3 py-1.5 last:border-b-0"
              >
                <span className="font-medium tabular-nums">{style.model_code}</span>
                <span>{[style.silhouette, style.color, style.gender].filter(Boolean).join(" · ")}</span>
                <span className="ml-auto tabular-nums">{formatMoney(style.msrp)}</span>
              </li>
            ))}
          </ul>
          {summary.dropped.styles.length < summary.dropped.count ? (
            <p className="mt-1 text-xs">
              The first {summary.dropped.styles.length.toLocaleString("en-US")} of{" "}
              {summary.dropped.count.toLocaleString("en-US")}.
            </p>
          ) : null}
        </details>
      </AlertDescription>
    </Alert>
  );
}

/** "{file} · {season} {year} · {n} styles, {n} SKUs", leaving out what is not known. */
function subtitle(data: PreviewSummary): string {
  const seasonYear = [data.season, data.year].filter((part) => part !== null && part !== "").join(" ");
  const sizes = `${data.counts.all.toLocaleString("en-US")} styles, ${data.rowCount.toLocaleString("en-US")} SKUs`;
  const update = data.action === "update" ? `Update of ${data.lineList.name}` : null;
  return [data.fileName, seasonYear, sizes, update].filter(Boolean).join(" · ");
}

/** A saved line list shows its own styles: every status would read "Old", so the column is left out. */
const savedHiddenColumns: ReadonlySet<string> = new Set(["status"]);

function StatusCounts({ counts }: { counts: PreviewSummary["counts"] }) {
  return (
    <>
      {(["new", "changed", "old"] as const).map((status) => (
        <li key={status}>
          <span className="font-medium text-foreground tabular-nums">
            {counts[status].toLocaleString("en-US")}
          </span>{" "}
          {status}
        </li>
      ))}
    </>
  );
}

function PreviewSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-hidden="true">
      <Skeleton className="h-8 w-80" />
      <Skeleton className="h-9 w-full max-w-xl" />
      <Skeleton className="h-[500px] w-full" />
    </div>
  );
}

/**
 * `/home/line-list/preview/{lineListId}`: what an upload would do (new, changed and old styles,
 * and for an update the styles it drops) before anything touches the products. Save applies it;
 * Back discards it. A saved line list with no upload waiting (Edit on the brand's line lists)
 * shows its own styles, read only: no Save, and Back only returns.
 */
export default function LineListPreviewRoute() {
  const { lineListId: param = "" } = useParams();
  const lineListId = Number(param);
  const validId = Number.isSafeInteger(lineListId) && lineListId > 0;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const summary = usePreviewSummary(validId ? lineListId : undefined);
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search.trim(), searchDebounceMs);
  const [view, setView] = useState<PreviewView>("all");
  const [visibleColumns, setVisibleColumns] = useState<ReadonlySet<string>>(
    () => new Set(defaultVisibleColumnIds),
  );
  const styles = usePreviewStyles(validId ? lineListId : undefined, { search: debouncedSearch, view });

  const confirm = useConfirmPreview();
  const discard = useDiscardPreview();
  const [askingSave, setAskingSave] = useState(false);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const [addingStyle, setAddingStyle] = useState(false);
  const [saved, setSaved] = useState<{ name: string; itemsCount: number } | null>(null);

  // A saved or discarded preview is gone on the server: forget it once the screen closes.
  const finished = useRef(false);
  useEffect(
    () => () => {
      if (finished.current) queryClient.removeQueries({ queryKey: previewKeys.detail(lineListId) });
    },
    [queryClient, lineListId],
  );

  const missing =
    !validId ||
    (summary.isError && isApiError(summary.error) && summary.error.status === 404) ||
    (summary.isSuccess && !summary.data.brand);
  useEffect(() => {
    if (!missing) return;
    const message = summary.error?.message || previewMessages.lineListNotFound;
    toast.error(message, { id: `preview-missing-${param}` });
  }, [missing, summary.error, param]);

  const savedMode = summary.data?.mode === "saved";
  const offeredColumns = useMemo(
    () =>
      savedMode ? previewColumns.filter((column) => !savedHiddenColumns.has(column.id)) : previewColumns,
    [savedMode],
  );
  const columns = useMemo(
    () => offeredColumns.filter((column) => !column.optional || visibleColumns.has(column.id)),
    [offeredColumns, visibleColumns],
  );
  const rows = useMemo(() => styles.data?.pages.flatMap((page) => page.styles) ?? [], [styles.data]);
  const filteredTotal = styles.data?.pages[0]?.total ?? 0;

  if (missing && !saved) return <Navigate to={paths.home.brands.list.getHref()} replace />;

  if (summary.isError) {
    return (
      <ListLoadError
        title="The preview could not be loaded"
        message={summary.error.message}
        onRetry={() => void summary.refetch()}
      />
    );
  }

  if (!summary.data) {
    return (
      <>
        <span className="sr-only" role="status">
          Loading the preview…
        </span>
        <PreviewSkeleton />
      </>
    );
  }

  const data = summary.data;
  const title = previewMessages.title(data.brand, lineListTypeLabels[data.type]);
  const busy = confirm.isPending || discard.isPending;

  async function save() {
    try {
      const result = await confirm.mutateAsync(lineListId);
      finished.current = true;
      setAskingSave(false);
      setSaved({ name: result.lineList.name, itemsCount: result.lineList.itemsCount });
      toast.success(previewMessages.saved, { description: previewMessages.savedDescription });
    } catch (error) {
      console.error(previewMessages.saveFailed, error);
      setAskingSave(false);
      toast.error(previewMessages.saveFailed, { description: (error as Error).message });
    }
  }

  /** Saved mode: nothing to discard; back where the user came from (the brand's line lists otherwise). */
  function leave() {
    if (location.key !== "default") void navigate(-1);
    else void navigate(paths.home.brands.lineLists.getHref(data.brandId));
  }

  async function cancel() {
    try {
      await discard.mutateAsync(lineListId);
      finished.current = true;
      setAskingDiscard(false);
      void navigate(paths.home.catalogs.getHref());
    } catch (error) {
      console.error(previewMessages.cancelFailed, error);
      setAskingDiscard(false);
      toast.error(previewMessages.cancelFailed, { description: (error as Error).message });
    }
  }

  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-5">
      <title>{`${title} · Catalog Manager`}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
              {title}
            </h1>
            {savedMode ? (
              <Badge variant="secondary">
                <CircleCheckIcon aria-hidden="true" />
                {previewMessages.savedBadge}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {/* The name given in the upload dialog; an update names its line list in the subtitle. */}
            {data.action === "update" ? null : `${data.lineList.name} · `}
            {subtitle(data)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {savedMode ? (
            <Button asChild variant="outline">
              <Link to={paths.home.catalogSegmentation.getHref(lineListId)}>
                <LayoutGridIcon aria-hidden="true" />
                {previewMessages.openCatalogs}
              </Link>
            </Button>
          ) : null}
          {/* Typed styles join an upload waiting; a saved line list takes new styles by an update. */}
          {savedMode ? null : (
            <Button variant="outline" onClick={() => setAddingStyle(true)}>
              <PlusIcon aria-hidden="true" />
              {previewMessages.addNewItem}
            </Button>
          )}
        </div>
      </div>

      <PreviewDates summary={data} />

      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          aria-label="Search styles"
          placeholder={previewMessages.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {savedMode ? null : (
          <Select value={view} onValueChange={(value) => setView(value as PreviewView)}>
            <SelectTrigger aria-label="View" className="w-full sm:w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {previewViewValues.map((value) => (
                <SelectItem key={value} value={value}>
                  {countLabel(value, data)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        <div className="sm:ml-auto">
          <PreviewColumnChooser
            columns={offeredColumns}
            visible={visibleColumns}
            onToggle={(columnId, visible) =>
              setVisibleColumns((current) => {
                const next = new Set(current);
                if (visible) next.add(columnId);
                else next.delete(columnId);
                return next;
              })
            }
          />
        </div>
      </div>

      <ul
        aria-label={savedMode ? "Styles shown" : "Styles by status"}
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
      >
        {savedMode ? null : <StatusCounts counts={data.counts} />}
        <li aria-live="polite">
          {styles.isSuccess
            ? `Showing ${filteredTotal.toLocaleString("en-US")} of ${data.counts.all.toLocaleString("en-US")} styles`
            : null}
        </li>
      </ul>

      <DroppedStyles summary={data} />

      {styles.isError ? (
        <ListLoadError
          title="The styles could not be loaded"
          message={styles.error.message}
          onRetry={() => void styles.refetch()}
        />
      ) : (
        <PreviewStylesTable
          styles={rows}
          total={filteredTotal}
          columns={columns}
          loading={styles.isPending || (styles.isPlaceholderData && styles.isFetching)}
          hasMore={styles.hasNextPage}
          loadingMore={styles.isFetchingNextPage}
          onLoadMore={() => void styles.fetchNextPage()}
          emptyText={itemMessages.noItems}
        />
      )}

      {savedMode ? null : (
        <p className="flex items-center gap-2 text-sm">
          <InfoIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          {previewMessages.newItemsNotice(data.counts.new)}
        </p>
      )}

      {savedMode ? (
        <div className="flex border-t pt-4">
          <Button variant="outline" onClick={leave}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
        </div>
      ) : (
        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
          <Button variant="outline" disabled={busy || saved !== null} onClick={() => setAskingDiscard(true)}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
          <Button disabled={busy || saved !== null} onClick={() => setAskingSave(true)}>
            <SaveIcon aria-hidden="true" />
            Save
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={askingSave}
        onOpenChange={setAskingSave}
        title={previewMessages.saveQuestion}
        description={previewMessages.saveDescription}
        confirmLabel="Save"
        pendingLabel={uiText.saving}
        pending={confirm.isPending}
        onConfirm={() => void save()}
      />
      <ConfirmDialog
        open={askingDiscard}
        onOpenChange={setAskingDiscard}
        title="Discard this upload?"
        description={
          data.action === "update"
            ? `The uploaded rows are discarded; ${data.lineList.name} stays as it is.`
            : "The uploaded rows are discarded and the line list is not created."
        }
        confirmLabel="Discard"
        pendingLabel="Discarding..."
        pending={discard.isPending}
        destructive
        onConfirm={() => void cancel()}
      />
      <AddPreviewStyleDialog lineListId={lineListId} open={addingStyle} onOpenChange={setAddingStyle} />
      <LineListSavedDialog
        open={saved !== null}
        lineListId={lineListId}
        brandId={data.brandId}
        lineListName={saved?.name ?? data.lineList.name}
        itemsCount={saved?.itemsCount ?? data.counts.all}
      />
    </section>
  );
}
