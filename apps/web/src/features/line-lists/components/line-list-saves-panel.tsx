import { type LineListSave, type LineListSaveDetail, undoMessages } from "@cm/contracts/line-list-saves";
import { lineListSavesUiMessages as ui } from "@cm/contracts/line-list-saves-ui";
import { ChevronDownIcon, ChevronRightIcon, Undo2Icon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { DisabledReason } from "@/components/disabled-reason";
import { ListLoadError } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { describeSave, formatSavedValue, savedFieldLabel } from "@/components/history/line-list-save-values";
import { UndoSaveDialog } from "@/components/history/undo-save-dialog";
import { useCan } from "@/hooks/use-permissions";
import { useLineListSave, useLineListSaves } from "@/lib/api/line-list-saves/get-line-list-saves";
import { formatInstantDateTime } from "@/lib/format";
import { disabledReason } from "@/lib/permissions";

/** An expanded save lists at most this many styles; the rest are counted. */
const maxStylesShown = 200;

function SaveChanges({ lineListId, save, id }: { lineListId: number; save: LineListSave; id: string }) {
  const detail = useLineListSave(lineListId, save.id);
  let content: React.ReactNode;
  if (detail.isPending) {
    content = (
      <div className="flex flex-col gap-1.5">
        <span role="status" className="sr-only">
          {ui.changesLoading}
        </span>
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/5" />
      </div>
    );
  } else if (detail.isError) {
    content = (
      <ListLoadError
        title={ui.changesLoadFailed}
        message={detail.error.message}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (detail.data.styles.length === 0) {
    content = <p className="text-muted-foreground">{ui.noStyleChanges}</p>;
  } else {
    content = <StyleChanges styles={detail.data.styles} />;
  }
  return (
    <div id={id} className="mt-2 rounded-md bg-muted/40 px-3 py-2 text-sm">
      {content}
    </div>
  );
}

function StyleChanges({ styles }: { styles: LineListSaveDetail["styles"] }) {
  return (
    <ul aria-label={ui.showChanges} className="flex flex-col gap-2">
      {styles.slice(0, maxStylesShown).map((style) => (
        <li key={style.modelCode} className="flex flex-col gap-0.5">
          <p>
            <span className="font-medium">{style.modelCode}</span>{" "}
            <span className="text-muted-foreground">· {ui.styleChangeLabels[style.change]}</span>
          </p>
          {style.fields.length > 0 && (
            <ul className="flex flex-col gap-0.5 pl-4">
              {style.fields.map((change) => (
                <li key={change.field} className="break-words">
                  <span className="text-muted-foreground">{savedFieldLabel(change.field)}:</span>{" "}
                  <span className="text-muted-foreground line-through">
                    {formatSavedValue(change.field, change.before)}
                  </span>
                  {" → "}
                  <span className="font-medium">{formatSavedValue(change.field, change.after)}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
      {styles.length > maxStylesShown && (
        <li className="text-muted-foreground">{ui.more(styles.length - maxStylesShown)}</li>
      )}
    </ul>
  );
}

function SaveItem({
  lineListId,
  save,
  undoneSaveTime,
  canManage,
  onUndo,
}: {
  lineListId: number;
  save: LineListSave;
  /** For an undo: when the save it undid was made, if listed. */
  undoneSaveTime: string | null;
  canManage: boolean;
  onUndo: (save: LineListSave) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const changesId = useId();
  const reasonId = useId();
  const when = formatInstantDateTime(save.savedAt);

  const undoButton = (
    <Button
      variant="outline"
      size="sm"
      disabled={!canManage || save.undoneBy !== null}
      aria-describedby={canManage && save.undoneBy === null ? titleId : `${titleId} ${reasonId}`}
      onClick={() => onUndo(save)}
    >
      <Undo2Icon aria-hidden="true" />
      {undoMessages.undoThisSave}
    </Button>
  );
  const reason = !canManage
    ? disabledReason("catalogs.manage")
    : save.undoneBy !== null
      ? undoMessages.alreadyUndone
      : null;

  return (
    <li aria-labelledby={titleId} className="flex flex-col px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p id={titleId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <time dateTime={save.savedAt} className="font-medium tabular-nums">
              {when}
            </time>
            <span className="text-muted-foreground">·</span>
            <span>{save.savedBy ?? ui.system}</span>
            {save.fileName ? (
              <>
                <span className="text-muted-foreground">·</span>
                <span className="break-all">{save.fileName}</span>
              </>
            ) : null}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={save.kind === "undo" ? "info" : "secondary"}>{ui.kindLabels[save.kind]}</Badge>
            {save.undoneBy !== null ? <Badge variant="warning">{ui.undone}</Badge> : null}
            <span className="text-muted-foreground tabular-nums">{ui.counts(save.counts)}</span>
          </div>
          {save.kind === "undo" && undoneSaveTime ? (
            <p className="text-sm text-muted-foreground">{ui.undoOf(undoneSaveTime)}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls={expanded ? changesId : undefined}
            aria-describedby={titleId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
            {expanded ? ui.hideChanges : ui.showChanges}
          </Button>
          {reason ? (
            <>
              <DisabledReason reason={reason}>{undoButton}</DisabledReason>
              <span id={reasonId} hidden>
                {reason}
              </span>
            </>
          ) : (
            undoButton
          )}
        </div>
      </div>
      {expanded ? <SaveChanges lineListId={lineListId} save={save} id={changesId} /> : null}
    </li>
  );
}

/**
 * "Saves": a line list's saves, newest first, each one change set (when, who, the file, what kind,
 * how many styles it added, changed and removed), expandable to its styles' changes, with "Undo this
 * save" for a person who may manage catalogs (`canManage`; by default whether the user holds
 * catalogs.manage). Self-contained: mount it on the line list's page.
 */
export function LineListSavesPanel({ lineListId, canManage }: { lineListId: number; canManage?: boolean }) {
  const holdsManage = useCan("catalogs.manage");
  const allowed = canManage ?? holdsManage;
  const saves = useLineListSaves(lineListId);
  const titleId = useId();
  const [undoing, setUndoing] = useState<LineListSave | null>(null);
  const [open, setOpen] = useState(false);

  let content: React.ReactNode;
  if (saves.isPending) {
    content = (
      <div className="rounded-lg border">
        <span role="status" className="sr-only">
          {ui.loading}
        </span>
        <ul aria-hidden="true" className="divide-y">
          {[0, 1].map((row) => (
            <li key={row} className="flex flex-col gap-2 px-4 py-3">
              <Skeleton className="h-4 w-2/3 max-w-md" />
              <Skeleton className="h-3 w-1/2 max-w-xs" />
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (saves.isError) {
    content = (
      <ListLoadError
        title={ui.loadFailed}
        message={saves.error.message}
        onRetry={() => void saves.refetch()}
      />
    );
  } else if (saves.data.length === 0) {
    content = (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        {undoMessages.noSaves}
      </p>
    );
  } else {
    const timeOf = new Map(saves.data.map((save) => [save.id, formatInstantDateTime(save.savedAt)]));
    content = (
      <ol aria-labelledby={titleId} className="divide-y rounded-lg border">
        {saves.data.map((save) => (
          <SaveItem
            key={save.id}
            lineListId={lineListId}
            save={save}
            undoneSaveTime={save.undoes === null ? null : (timeOf.get(save.undoes) ?? null)}
            canManage={allowed}
            onUndo={(target) => {
              setUndoing(target);
              setOpen(true);
            }}
          />
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold">
        {undoMessages.savesTitle}
      </h2>
      {content}
      <UndoSaveDialog
        lineListId={lineListId}
        saveId={undoing?.id ?? null}
        description={undoing ? describeSave(undoing) : ""}
        open={open}
        onOpenChange={setOpen}
      />
    </section>
  );
}
