import {
  itemMessages,
  type PreviewSummary,
  type PreviewView,
  previewMessages,
  previewViewLabels,
  previewViewValues,
} from "@cm/contracts/line-list-preview";
import { type PreviewChoiceTotals, reviewMessages } from "@cm/contracts/line-list-review";
import { lineListTypeLabels } from "@cm/contracts/line-lists";
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeftIcon,
  CircleCheckIcon,
  InfoIcon,
  LayoutGridIcon,
  ListRestartIcon,
  PlusIcon,
  SaveIcon,
  SquareMinusIcon,
} from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ListLoadError } from "@/components/list-states";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useConfirmPreview } from "@/features/line-lists/api/confirm-preview";
import { useDiscardPreview } from "@/features/line-lists/api/discard-preview";
import { updatePreviewChoices } from "@/features/line-lists/api/update-preview-choices";
import { AddPreviewStyleDialog } from "@/features/line-lists/components/add-preview-style-dialog";
import { LineListSavedDialog } from "@/features/line-lists/components/line-list-saved-dialog";
import { PreviewColumnChooser } from "@/features/line-lists/components/preview-column-chooser";
import { defaultVisibleColumnIds, previewColumns } from "@/features/line-lists/components/preview-columns";
import { PreviewDates } from "@/features/line-lists/components/preview-dates";
import { PreviewDroppedStyles } from "@/features/line-lists/components/preview-dropped-styles";
import { PreviewReachList } from "@/features/line-lists/components/preview-reach";
import { LineListSavesPanel } from "@/features/line-lists/components/line-list-saves-panel";
import { PreviewSaveDialog } from "@/features/line-lists/components/preview-save-dialog";
import { PreviewStylesTable } from "@/features/line-lists/components/preview-styles-table";
import { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";
import { PreviewChoicesContext, useChoiceTotals } from "@/features/line-lists/hooks/use-preview-choices";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { usePreviewStyles } from "@/lib/api/line-list-preview/get-preview-styles";
import { usePreviewSummary } from "@/lib/api/line-list-preview/get-preview-summary";
import { previewKeys } from "@/lib/api/line-list-preview/preview-keys";
import { isApiError } from "@/lib/api-client";

/** The search box waits this long after the last key before asking the server. */
const searchDebounceMs = 300;

function countLabel(view: PreviewView, summary: PreviewSummary): string {
  return `${previewViewLabels[view]} (${summary.counts[view].toLocaleString("en-US")})`;
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

/** "(3 left out)" beside the new styles, "(4 kept as they were)" beside the changed ones. */
function statusChoiceNote(
  status: "new" | "changed" | "old",
  totals: PreviewChoiceTotals | null,
): string | null {
  if (!totals) return null;
  if (status === "new" && totals.newStylesLeftOut > 0)
    return `(${totals.newStylesLeftOut.toLocaleString("en-US")} left out)`;
  if (status === "changed" && totals.stylesKept > 0)
    return `(${totals.stylesKept.toLocaleString("en-US")} kept as they were)`;
  return null;
}

function StatusCounts({ counts }: { counts: PreviewSummary["counts"] }) {
  const totals = useChoiceTotals();
  return (
    <>
      {(["new", "changed", "old"] as const).map((status) => {
        const note = statusChoiceNote(status, totals);
        return (
          <li key={status}>
            <span className="font-medium text-foreground tabular-nums">
              {counts[status].toLocaleString("en-US")}
            </span>{" "}
            {status}
            {note ? ` ${note}` : null}
          </li>
        );
      })}
    </>
  );
}

/** What Save will do, updated with each choice; the notice of new styles counts those taken. */
function ChoiceSummary({ summary }: { summary: PreviewSummary }) {
  const totals = useChoiceTotals();
  const reviewable = summary.counts.changed + summary.counts.new + summary.dropped.count > 0;
  return (
    <>
      {totals && reviewable ? (
        <p className="text-sm" aria-live="polite">
          {reviewMessages.saveTotals(totals)}
        </p>
      ) : null}
      <p className="flex items-center gap-2 text-sm">
        <InfoIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        {previewMessages.newItemsNotice(totals?.newStylesTaken ?? summary.counts.new)}
      </p>
    </>
  );
}

/** "Take all" (every choice undone) and "Leave out every new style". */
function ChoiceToolbar({ store, summary }: { store: PreviewChoicesStore; summary: PreviewSummary }) {
  const totals = useChoiceTotals();
  const chosen = totals ? totals.changesKept + totals.newStylesLeftOut + totals.droppedRemoved > 0 : false;
  const newTaken = totals ? totals.newStylesTaken : summary.counts.new;
  if (summary.counts.changed + summary.counts.new + summary.dropped.count === 0) return null;
  return (
    <div role="group" aria-label="Choices" className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={!chosen}
        onClick={() => store.choose({ kind: "takeAll" })}
      >
        <ListRestartIcon aria-hidden="true" />
        {reviewMessages.takeAll}
      </Button>
      {summary.counts.new > 0 ? (
        <Button
          variant="outline"
          size="sm"
          disabled={newTaken === 0}
          onClick={() => store.choose({ kind: "newStyles", leaveOut: true })}
        >
          <SquareMinusIcon aria-hidden="true" />
          {reviewMessages.leaveOutAllNew}
        </Button>
      ) : null}
    </div>
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

  // The review's choices, shown as made and sent one after another (hooks/preview-choices-store.ts).
  const choices = useMemo(
    () =>
      new PreviewChoicesStore({
        send: (input) => updatePreviewChoices(lineListId, input),
        onAnswer: (answer) => {
          const queryKey = previewKeys.detail(lineListId);
          queryClient.setQueryData<PreviewSummary>(queryKey, (current) =>
            current ? { ...current, choices: answer.choices } : current,
          );
          // The other line lists the save reaches follow the choices (a read begun before is replaced).
          void queryClient.invalidateQueries({ queryKey, exact: true });
        },
        onFailure: (error) => {
          toast.error((error as Error).message);
          void queryClient.invalidateQueries({ queryKey: previewKeys.detail(lineListId), exact: true });
        },
      }),
    [queryClient, lineListId],
  );
  const serverChoices = summary.data?.choices ?? null;
  useEffect(() => choices.adoptServerTotals(serverChoices), [choices, serverChoices]);

  const confirm = useConfirmPreview();
  const discard = useDiscardPreview();
  const [askingSave, setAskingSave] = useState(false);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const [addingStyle, setAddingStyle] = useState(false);
  const [saved, setSaved] = useState<{ name: string; itemsCount: number } | null>(null);
  const [waitingChoices, setWaitingChoices] = useState(false);

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
  const reach = data.reach;
  const busy = confirm.isPending || discard.isPending;
  const reviewing = !savedMode;

  function askSave() {
    setAskingSave(true);
    // The other line lists a save reaches follow the choices: read again for the dialog.
    void summary.refetch();
  }

  async function save() {
    try {
      setWaitingChoices(true);
      // Every choice made is on the server before the save applies them.
      await choices.settled();
      setWaitingChoices(false);
      const result = await confirm.mutateAsync(lineListId);
      finished.current = true;
      setAskingSave(false);
      setSaved({ name: result.lineList.name, itemsCount: result.lineList.itemsCount });
      toast.success(previewMessages.saved, { description: previewMessages.savedDescription });
    } catch (error) {
      console.error(previewMessages.saveFailed, error);
      setWaitingChoices(false);
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
    <PreviewChoicesContext value={reviewing ? choices : null}>
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

        {reviewing ? <ChoiceToolbar store={choices} summary={data} /> : null}

        <PreviewDroppedStyles summary={data} />

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
            columnChoices={reviewing && data.counts.changed > 0}
          />
        )}

        {reviewing ? <ChoiceSummary summary={data} /> : null}
        {reviewing && reach.length > 0 ? <PreviewReachList reach={reach} /> : null}

        {/* The line list's saves, each of which can be undone (docs/line-list-saves.md). */}
        {savedMode ? <LineListSavesPanel lineListId={lineListId} /> : null}

        {savedMode ? (
          <div className="flex border-t pt-4">
            <Button variant="outline" onClick={leave}>
              <ArrowLeftIcon aria-hidden="true" />
              Back
            </Button>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
            <Button
              variant="outline"
              disabled={busy || saved !== null}
              onClick={() => setAskingDiscard(true)}
            >
              <ArrowLeftIcon aria-hidden="true" />
              Back
            </Button>
            <Button disabled={busy || saved !== null} onClick={askSave}>
              <SaveIcon aria-hidden="true" />
              Save
            </Button>
          </div>
        )}

        <PreviewSaveDialog
          open={askingSave}
          onOpenChange={setAskingSave}
          store={choices}
          reach={summary.isFetching ? null : reach}
          refreshing={summary.isFetching}
          pending={confirm.isPending || waitingChoices}
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
    </PreviewChoicesContext>
  );
}
