import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import { reviewMessages, type ReviewField } from "@cm/contracts/line-list-review";
import { ChevronDownIcon, EllipsisIcon, Redo2Icon, Undo2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { CellReview } from "@/features/line-lists/components/preview-columns";
import { PreviewStatusBadge } from "@/features/line-lists/components/preview-status-badge";
import type { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";
import type { RowChoices } from "@/features/line-lists/hooks/use-preview-choices";
import { cn } from "@/lib/utils";

interface CellChoiceButtonProps {
  store: PreviewChoicesStore;
  row: PreviewStyleRow;
  field: ReviewField;
  /** The column's header, to say which value the button is about. */
  header: string;
  kept: boolean;
}

/** In a changed cell: keep the product's old value, or take the file's new one back. */
export function CellChoiceButton({ store, row, field, header, kept }: CellChoiceButtonProps) {
  const label = kept ? reviewMessages.takeNewValue : reviewMessages.keepOldValue;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className="size-6 shrink-0 text-current hover:bg-background/70"
      aria-label={label}
      title={`${label}: ${header} of ${row.model_code}`}
      onClick={() => store.choose({ kind: "cell", row, field, keep: !kept })}
    >
      {kept ? <Redo2Icon aria-hidden="true" /> : <Undo2Icon aria-hidden="true" />}
    </Button>
  );
}

interface RowChoicesMenuProps {
  store: PreviewChoicesStore;
  row: PreviewStyleRow;
  choices: RowChoices;
}

/** Beside a new or changed style's sizes button: the style's choices as a whole. */
export function RowChoicesMenu({ store, row, choices }: RowChoicesMenuProps) {
  if (row.status === "old" || (row.status === "changed" && row.changedFields.length === 0)) return null;
  const keptCount = choices.kept.size;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-7 shrink-0"
          aria-label={`Choices for ${row.model_code}`}
        >
          <EllipsisIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{row.model_code}</DropdownMenuLabel>
        {row.status === "new" ? (
          <DropdownMenuItem
            onSelect={() => store.choose({ kind: "newStyle", row, leaveOut: !choices.leftOut })}
          >
            {choices.leftOut ? reviewMessages.takeNewStyle : reviewMessages.leaveOut}
          </DropdownMenuItem>
        ) : (
          <>
            {keptCount < row.changedFields.length ? (
              <DropdownMenuItem onSelect={() => store.choose({ kind: "style", row, keep: true })}>
                <Undo2Icon aria-hidden="true" />
                {reviewMessages.keepStyle}
              </DropdownMenuItem>
            ) : null}
            {keptCount > 0 ? (
              <DropdownMenuItem onSelect={() => store.choose({ kind: "style", row, keep: false })}>
                <Redo2Icon aria-hidden="true" />
                {reviewMessages.takeStyle}
              </DropdownMenuItem>
            ) : null}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The status badge and what the style's choices make of it ("Left out", "Kept as it was"). */
export function PreviewStatusCell({ row, review }: { row: PreviewStyleRow; review?: CellReview }) {
  const note = rowChoiceNote(row, review?.choices ?? null);
  return (
    <span className="flex min-w-0 flex-col items-start gap-0.5">
      <PreviewStatusBadge status={row.status} />
      {note ? <span className="truncate text-xs text-muted-foreground">{note}</span> : null}
    </span>
  );
}

/** What the status cell says under the badge once a choice is made. */
function rowChoiceNote(row: PreviewStyleRow, choices: RowChoices | null): string | null {
  if (!choices) return null;
  if (row.status === "new") return choices.leftOut ? "Left out" : null;
  if (row.status !== "changed" || choices.kept.size === 0) return null;
  return choices.kept.size === row.changedFields.length
    ? "Kept as it was"
    : `${choices.kept.size} of ${row.changedFields.length} kept`;
}

interface ColumnChoicesMenuProps {
  store: PreviewChoicesStore;
  field: ReviewField;
  header: string;
  /** The column is kept whole ("Keep every old MSRP"). */
  kept: boolean;
}

/** In a comparable column's header: keep or take the column's every change, in one request. */
export function ColumnChoicesMenu({ store, field, header, kept }: ColumnChoicesMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className={cn(
            "size-6 shrink-0",
            kept
              ? "bg-background text-foreground shadow-xs"
              : "text-muted-foreground/70 hover:text-foreground",
          )}
          aria-label={`Choices for every ${header}`}
          data-kept={kept || undefined}
        >
          {kept ? <Undo2Icon aria-hidden="true" /> : <ChevronDownIcon aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={() => store.choose({ kind: "column", field, keep: true })}>
          <Undo2Icon aria-hidden="true" />
          {reviewMessages.keepColumn(header)}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => store.choose({ kind: "column", field, keep: false })}>
          <Redo2Icon aria-hidden="true" />
          {reviewMessages.takeColumn(header)}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
