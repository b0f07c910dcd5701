import { catalogTypeLabels, type ItemPlacement } from "@cm/contracts/catalogs";
import { type UndoSaveData, undoMessages } from "@cm/contracts/line-list-saves";
import { lineListSavesUiMessages as ui } from "@cm/contracts/line-list-saves-ui";
import { useQueryClient } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect, useId, useState } from "react";
import { toast } from "@/lib/toast";
import { ListLoadError } from "@/components/list-states";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { formatSavedValue, savedFieldLabel } from "@/components/history/line-list-save-values";
import { lineListSaveKeys } from "@/lib/api/line-list-saves/line-list-save-keys";
import { useUndoSave, useUndoSaveDryRun } from "@/lib/api/line-list-saves/undo-line-list-save";
import { isApiError } from "@/lib/api-client";

/** A dry run lists at most this many lines per section; the rest are counted. */
const maxLinesShown = 200;

function catalogLabel(type: string): string {
  return catalogTypeLabels[type as ItemPlacement] ?? type;
}

type PublishedCatalog = UndoSaveData["publishedCatalogs"][number] & {
  /** Another published line list's catalog (a style's shared fields go back there too). */
  lineListId?: number;
  lineListName?: string;
};

/** "Athletic catalog: 2 styles"; another line list's is named with it. */
function publishedCatalogLine(catalog: PublishedCatalog, lineListId: number): string {
  const type = catalogLabel(catalog.type);
  return catalog.lineListName && catalog.lineListId !== lineListId
    ? ui.publishedCatalogOf(type, catalog.lineListName, catalog.styles)
    : ui.publishedCatalog(type, catalog.styles);
}

function MoreLines({ total }: { total: number }) {
  if (total <= maxLinesShown) return null;
  return <li className="text-muted-foreground">{ui.more(total - maxLinesShown)}</li>;
}

/** "10001-001 · MSRP: $89.99 → $49.99"; a style removed or restored says so. */
function RevertLine({ line }: { line: UndoSaveData["revert"][number] }) {
  return (
    <li className="break-words">
      <span className="font-medium">{line.modelCode}</span>
      {line.action === "restore-field" && line.field ? (
        <>
          {" · "}
          <span className="text-muted-foreground">{savedFieldLabel(line.field)}:</span>{" "}
          <span className="text-muted-foreground line-through">
            {formatSavedValue(line.field, line.current)}
          </span>
          {" → "}
          <span className="font-medium">{formatSavedValue(line.field, line.before)}</span>
        </>
      ) : (
        <>
          {": "}
          {line.action === "remove-style" ? ui.removeStyle : ui.restoreStyle}
        </>
      )}
    </li>
  );
}

function DryRunSkeleton() {
  return (
    <div className="flex flex-col gap-2">
      <span role="status" className="sr-only">
        {ui.dryRunLoading}
      </span>
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-3/5" />
    </div>
  );
}

function UndoSaveDialogBody({
  lineListId,
  saveId,
  undo,
  onDone,
}: {
  lineListId: number;
  saveId: number;
  undo: ReturnType<typeof useUndoSave>;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const dryRun = useUndoSaveDryRun(lineListId, saveId);
  const [confirmedPublished, setConfirmedPublished] = useState(false);
  const confirmId = useId();
  const revertTitleId = useId();
  const skipTitleId = useId();

  const dryRunConflict = dryRun.isError && isApiError(dryRun.error) && dryRun.error.status === 409;
  // A save undone meanwhile: the list shows it as undone.
  useEffect(() => {
    if (dryRunConflict) void queryClient.invalidateQueries({ queryKey: lineListSaveKeys.lists() });
  }, [dryRunConflict, queryClient]);

  const data = dryRun.data?.data;
  const needsConfirm = (data?.publishedCatalogs.length ?? 0) > 0;
  // Another person first (the save undone, the line list saved since): said here, the dry run read again.
  const [conflict, setConflict] = useState<{ message: string; at: number } | null>(null);
  const conflictShownByDryRun = dryRunConflict && dryRun.error?.message === conflict?.message;
  const canApply =
    !!data &&
    !dryRun.isFetching &&
    // After a conflict, only the dry run read since can be applied.
    (conflict === null || dryRun.dataUpdatedAt >= conflict.at) &&
    data.revert.length > 0 &&
    (!needsConfirm || confirmedPublished) &&
    !undo.isPending;
  async function apply() {
    try {
      await undo.mutateAsync({
        lineListId,
        saveId,
        input: needsConfirm ? { confirmPublished: true } : undefined,
        revision: dryRun.data?.revision,
      });
      toast.success(undoMessages.undone);
      onDone();
    } catch (error) {
      console.error(ui.undoFailed, error);
      if (isApiError(error) && error.status === 409) {
        setConflict({ message: error.message, at: Date.now() });
        setConfirmedPublished(false);
        undo.reset();
        void dryRun.refetch();
      }
    }
  }

  let body: React.ReactNode;
  if (dryRun.isPending) body = <DryRunSkeleton />;
  else if (dryRun.isError) {
    body = dryRunConflict ? (
      <Alert variant="destructive">
        <AlertTitle>{dryRun.error.message}</AlertTitle>
      </Alert>
    ) : (
      <ListLoadError
        title={ui.dryRunFailed}
        message={dryRun.error.message}
        onRetry={() => void dryRun.refetch()}
      />
    );
  } else {
    const { revert, skip, publishedCatalogs } = dryRun.data.data;
    body = (
      <div className="flex flex-col gap-4 text-sm">
        {revert.length === 0 ? (
          <p>{undoMessages.nothingToUndo}</p>
        ) : (
          <section aria-labelledby={revertTitleId} className="flex flex-col gap-1.5">
            <h3 id={revertTitleId} className="font-medium">
              {ui.revertTitle} ({revert.length.toLocaleString("en-US")})
            </h3>
            <ul aria-labelledby={revertTitleId} className="flex flex-col gap-0.5">
              {revert.slice(0, maxLinesShown).map((line, index) => (
                <RevertLine key={`${line.modelCode}-${line.field ?? line.action}-${index}`} line={line} />
              ))}
              <MoreLines total={revert.length} />
            </ul>
          </section>
        )}
        {skip.length > 0 && (
          <section aria-labelledby={skipTitleId} className="flex flex-col gap-1.5">
            <h3 id={skipTitleId} className="font-medium">
              {ui.skipTitle} ({skip.length.toLocaleString("en-US")})
            </h3>
            <ul aria-labelledby={skipTitleId} className="flex flex-col gap-0.5">
              {skip.slice(0, maxLinesShown).map((line, index) => (
                <li key={`${line.modelCode}-${line.field ?? ""}-${index}`} className="break-words">
                  <span className="font-medium">{line.modelCode}</span>
                  {line.field ? ` · ${savedFieldLabel(line.field)}` : null}
                  {": "}
                  <span className="text-muted-foreground">{line.reason}</span>
                </li>
              ))}
              <MoreLines total={skip.length} />
            </ul>
          </section>
        )}
        {needsConfirm && (
          <Alert className="border-amber-300 bg-amber-50 text-amber-900">
            <AlertTitle>{ui.publishedTitle}</AlertTitle>
            <AlertDescription className="flex flex-col gap-2">
              <p>{undoMessages.publishedNeedsConfirm}</p>
              <ul className="list-disc pl-5">
                {publishedCatalogs.map((catalog) => (
                  <li key={catalog.catalogId}>{publishedCatalogLine(catalog, lineListId)}</li>
                ))}
              </ul>
              <div className="flex items-center gap-2 pt-1">
                <Checkbox
                  id={confirmId}
                  checked={confirmedPublished}
                  disabled={undo.isPending}
                  onCheckedChange={(checked) => setConfirmedPublished(checked === true)}
                />
                <Label htmlFor={confirmId} className="text-foreground">
                  {ui.confirmPublished}
                </Label>
              </div>
            </AlertDescription>
          </Alert>
        )}
      </div>
    );
  }

  return (
    <>
      <div className="-mx-6 max-h-[55vh] overflow-y-auto px-6">{body}</div>
      {conflict && !conflictShownByDryRun ? (
        <Alert variant="destructive">
          <AlertTitle>{conflict.message}</AlertTitle>
        </Alert>
      ) : null}
      {undo.isError && (
        <Alert variant="destructive">
          <AlertTitle>{ui.undoFailed}</AlertTitle>
          <AlertDescription>{undo.error.message}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={undo.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button variant="destructive" disabled={!canApply} onClick={() => void apply()}>
          {undo.isPending ? ui.undoing : undoMessages.confirm}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * "Undo this save?": reads the dry run when it opens (what comes back, what stays and why, the
 * published catalogs it changes, which must be confirmed), and "Undo save" applies it. A 409
 * (undone meanwhile, another person first) is said here and the saves refresh. Opened from a
 * line list's Saves panel and from a save's entry in the history.
 */
export function UndoSaveDialog({
  lineListId,
  saveId,
  description,
  open,
  onOpenChange,
}: {
  lineListId: number;
  /** The save to undo; the dialog keeps it while it closes. */
  saveId: number | null;
  /** Which save it is, under the title: `describeSave(save)`, or the history entry's sentence. */
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const undo = useUndoSave();
  const { reset } = undo;
  // Each opening starts afresh: no error of an earlier try.
  useEffect(() => {
    if (open) reset();
  }, [open, saveId, reset]);
  return (
    <Dialog open={open} onOpenChange={(next) => (undo.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{undoMessages.dryRunTitle}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && saveId !== null ? (
          <UndoSaveDialogBody
            key={saveId}
            lineListId={lineListId}
            saveId={saveId}
            undo={undo}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
